import type { BadgeTone } from '@web/components/ui/badge';

const PLAN_LABELS = ['free', 'year', 'lifetime', 'month', 'week', 'day'] as const;

/** The key under `paymentType.*` for a plan code; month, week and day come from older data. */
export type PlanLabelKey = (typeof PLAN_LABELS)[number] | 'unknown';
export type PaymentTypeLabelKey = PlanLabelKey | 'blocked';

export function planLabelKey(paymentType: string): PlanLabelKey {
  return PLAN_LABELS.find((plan) => plan === paymentType) ?? 'unknown';
}

/** docs/product.md: a banned device's payment type reads Blocked; otherwise its plan. */
export function paymentTypeLabelKey(device: { banned: boolean; payment_type: string }): PaymentTypeLabelKey {
  return device.banned ? 'blocked' : planLabelKey(device.payment_type);
}

export function paymentTypeTone(key: PaymentTypeLabelKey): BadgeTone {
  if (key === 'blocked') return 'danger';
  if (key === 'free' || key === 'unknown') return 'neutral';
  return 'info';
}
