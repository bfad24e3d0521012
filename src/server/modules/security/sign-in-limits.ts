import type { GuessingLimits } from '../../config';
import type { AttemptRule } from './attempt-limiter';
import type { GuardedAttempt } from './guess';

/**
 * The limits every sign-in shares (decision 0010). Per client address: failures from one address
 * across every account or device it tries, counted only on failure (`shared`) so a household or an
 * office behind one address is not locked by one wrong key; past it, 429 too_many_attempts.
 */
export function perAddress(limits: GuessingLimits, scope: 'login' | 'device', ip: string): GuardedAttempt {
  return {
    key: `${scope}:ip:${ip}`,
    rule: {
      maxFailures: limits.loginFailuresPerIp,
      windowMs: limits.loginIpWindowMs,
      lockMs: limits.loginIpWindowMs,
    },
    refusal: 'too_many_attempts',
    shared: true,
  };
}

/** Per account (an e-mail, or a signed-in user's current password): 10 wrong, then locked. */
export function perAccountRule(limits: GuessingLimits): AttemptRule {
  return {
    maxFailures: limits.loginFailuresPerAccount,
    windowMs: limits.loginLockMs,
    lockMs: limits.loginLockMs,
  };
}
