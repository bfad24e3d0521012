import type { GuessingLimits } from '../../config';
import { tooManyAttempts } from '../../errors';
import type { AttemptLimiter, AttemptRule } from './attempt-limiter';

/**
 * docs/architecture.md: each public form (contact, client registration) takes PUBLIC_FORMS_PER_HOUR
 * submissions (5 by default) per address and hour.
 */
function publicFormRule(perHour: number): AttemptRule {
  return { maxFailures: perHour, windowMs: 3_600_000, lockMs: 3_600_000 };
}

/**
 * Counts one submission against a volume limit (`rule.maxFailures` per `rule.windowMs` for one key:
 * a client address, an account), refusing it with 429 and Retry-After once the key has used its
 * allowance. Every submission counts, not only failures. The place is reserved atomically before the
 * submission is handled and never given back (decision 0010), so parallel submissions cannot
 * overshoot the limit.
 */
export async function countSubmission(
  limiter: AttemptLimiter,
  key: string,
  rule: AttemptRule,
): Promise<void> {
  const [state] = await limiter.reserve([{ key, rule }]);
  if (state?.locked) throw tooManyAttempts('too_many_attempts', state.retryAfterMs);
}

/** One submission of a public form from an address (see countSubmission). */
export function countPublicFormSubmission(
  limiter: AttemptLimiter,
  limits: Pick<GuessingLimits, 'publicFormsPerIp'>,
  form: 'contact' | 'client-registration',
  ip: string,
): Promise<void> {
  return countSubmission(limiter, `${form}:ip:${ip}`, publicFormRule(limits.publicFormsPerIp));
}
