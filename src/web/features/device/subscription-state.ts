import type { DeviceView } from '@shared/api/device';
import { displayedState, type DisplayedState } from '@shared/plans';

export type PlanCode = 'free' | 'year' | 'lifetime' | 'unknown';

/** docs/product.md: free is Trial, year One Year, lifetime Lifetime, anything else Unknown. */
export function planCode(paymentType: string): PlanCode {
  return paymentType === 'free' || paymentType === 'year' || paymentType === 'lifetime'
    ? paymentType
    : 'unknown';
}

/** What the viewer is told: the rule lives in src/shared/plans.ts, shared with the panel. */
export type ViewerState = DisplayedState;

export function viewerState(
  device: Pick<DeviceView, 'banned' | 'payment_type' | 'expired_date'>,
): ViewerState {
  return displayedState(device);
}
