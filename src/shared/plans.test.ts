import { describe, expect, it } from 'vitest';
import { displayedState, trialExpiry } from './plans';

const now = new Date('2025-03-01T12:00:00.000Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
const device = (payment_type: string, expired_date: string | null, banned = false) => ({
  payment_type,
  expired_date,
  banned,
});

describe('displayedState', () => {
  it('shows a running free trial as a trial from its first minute to its last day', () => {
    expect(displayedState(device('free', trialExpiry(now).toISOString()), now)).toBe('trial');
    expect(displayedState(device('free', inDays(0.5)), now)).toBe('trial');
  });

  it('keeps expiring soon for paid plans and expired or banned for everyone', () => {
    expect(displayedState(device('year', inDays(3)), now)).toBe('expiring_soon');
    expect(displayedState(device('year', inDays(30)), now)).toBe('active');
    expect(displayedState(device('free', inDays(-1)), now)).toBe('expired');
    expect(displayedState(device('free', inDays(3), true), now)).toBe('banned');
  });
});
