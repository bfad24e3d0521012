import type { DeviceView } from '@shared/api/device';
import { subscriptionState, type SubscriptionState } from '@shared/plans';

export type PlanCode = 'free' | 'year' | 'lifetime' | 'unknown';

/** docs/product.md: free is Trial, year One Year, lifetime Lifetime, anything else Unknown. */
export function planCode(paymentType: string): PlanCode {
  return paymentType === 'free' || paymentType === 'year' || paymentType === 'lifetime'
    ? paymentType
    : 'unknown';
}

/** What the viewer is told: a running free trial is a trial, not a subscription about to lapse. */
export type ViewerState = SubscriptionState | 'trial';

export function viewerState(
  device: Pick<DeviceView, 'banned' | 'payment_type' | 'expired_date'>,
): ViewerState {
  const state = subscriptionState(device);
  const running = state === 'active' || state === 'expiring_soon';
  return device.payment_type === 'free' && running ? 'trial' : state;
}
