import { timingSafeEqual } from 'node:crypto';
import type { GuessingLimits } from '../../config';
import type { GuardedAttempt } from '../security/guess';

/** Compares a device key in constant time (the keys are short; their length is public). */
export function sameDeviceKey(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The keys a device-key guess is counted against (decision 0010): one per (MAC, guesser), where the
 * guesser is a client address for the TV app and the device page, or a panel account for an
 * activation; and a much higher per-MAC ceiling shared by every guesser, which spares a guesser's
 * first attempt in its window. Ten wrong keys lock that guesser out of that MAC only, so nobody who
 * knows a MAC can keep its TV from loading its playlists.
 */
export function deviceKeyAttempts(
  limits: GuessingLimits,
  mac: string,
  guesser: { ip: string } | { userId: number },
): GuardedAttempt[] {
  const perGuesser =
    'ip' in guesser ? `device:mac-ip:${mac}:${guesser.ip}` : `device:mac-user:${mac}:${guesser.userId}`;
  return [
    {
      key: perGuesser,
      rule: {
        maxFailures: limits.deviceFailuresPerMacAddress,
        windowMs: limits.deviceLockMs,
        lockMs: limits.deviceLockMs,
      },
      refusal: 'account_locked',
    },
    {
      key: `device:mac:${mac}`,
      rule: {
        maxFailures: limits.deviceFailuresPerMac,
        windowMs: limits.deviceMacWindowMs,
        lockMs: limits.deviceMacWindowMs,
      },
      refusal: 'account_locked',
      spares: perGuesser,
    },
  ];
}
