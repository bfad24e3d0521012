/** Plan codes, credit costs and expiry maths: the one place these rules live. */
export const PAYMENT_TYPES = ['free', 'year', 'lifetime'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAID_PLANS = ['year', 'lifetime'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

/** The paid plans that run out (lifetime never does): what expiry reminders are about. */
export const EXPIRING_PLANS = ['year'] as const satisfies readonly PaidPlan[];
export type ExpiringPlan = (typeof EXPIRING_PLANS)[number];

export const PLAN_CREDIT_COST: Record<PaidPlan, number> = { year: 1, lifetime: 2 };

export const TRIAL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "Expiring soon": a subscription ending within this many days. The device page's badge, the
 * dashboard's count, the device list's `expiring=7d` filter and the daily digest use the same range.
 */
export const EXPIRING_SOON_DAYS = 7;
export const EXPIRING_SOON_MS = EXPIRING_SOON_DAYS * DAY_MS;

export function trialExpiry(from: Date): Date {
  return new Date(from.getTime() + TRIAL_DAYS * DAY_MS);
}

/** A year is added to whatever time the device still has; lifetime never expires (null). */
export function expiryAfterActivation(plan: PaidPlan, currentExpiry: Date | null, now: Date): Date | null {
  if (plan === 'lifetime') return null;
  const start = currentExpiry && currentExpiry > now ? currentExpiry : now;
  const next = new Date(start);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

/** Whole days from now to the expiry, rounded up; null for a device that never expires. */
export function daysLeft(expiresAt: string | Date | null, now: Date = new Date()): number | null {
  if (expiresAt === null) return null;
  const end = typeof expiresAt === 'string' ? new Date(expiresAt) : expiresAt;
  return Math.ceil((end.getTime() - now.getTime()) / DAY_MS);
}

export type SubscriptionState = 'active' | 'expiring_soon' | 'expired' | 'banned';

export function subscriptionState(
  device: { banned: boolean; payment_type: string; expired_date: string | null },
  now: Date = new Date(),
): SubscriptionState {
  if (device.banned) return 'banned';
  if (device.payment_type === 'lifetime') return 'active';
  const left = daysLeft(device.expired_date, now);
  if (left === null) return 'active';
  if (left <= 0) return 'expired';
  return left <= EXPIRING_SOON_DAYS ? 'expiring_soon' : 'active';
}

/**
 * What a person is shown, on the device page and in the panel alike: a running free trial is a
 * trial, not a subscription about to lapse (it starts with only TRIAL_DAYS left, so by days alone
 * it would be "expiring soon" from its first minute). Expired and banned stay what they are.
 */
export type DisplayedState = SubscriptionState | 'trial';

export function displayedState(
  device: { banned: boolean; payment_type: string; expired_date: string | null },
  now: Date = new Date(),
): DisplayedState {
  const state = subscriptionState(device, now);
  const running = state === 'active' || state === 'expiring_soon';
  return device.payment_type === 'free' && running ? 'trial' : state;
}
