import { tooManyAttempts } from '../../errors';
import type { AttemptLimiter, AttemptRule } from './attempt-limiter';

/** DESIGN.md section 6: public forms (contact, client registration) take 5 submissions per IP per hour. */
export const PUBLIC_FORM_RULE: AttemptRule = { maxFailures: 5, windowMs: 3_600_000, lockMs: 3_600_000 };

/**
 * Counts one submission of a public form from an address, refusing it with 429 once the address has
 * used its allowance. Every submission counts (not only failures): the limit is on volume.
 */
export async function countPublicFormSubmission(
  limiter: AttemptLimiter,
  form: 'contact' | 'client-registration',
  ip: string,
): Promise<void> {
  // A reservation that is never given back: the count is of submissions, reserved atomically.
  const [state] = await limiter.reserve([{ key: `${form}:ip:${ip}`, rule: PUBLIC_FORM_RULE }]);
  if (state?.locked) throw tooManyAttempts('too_many_attempts', state.retryAfterMs);
}
