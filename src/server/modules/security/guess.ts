import { tooManyAttempts } from '../../errors';
import type { Attempt, AttemptLimiter, AttemptState } from './attempt-limiter';

/**
 * An attempt and the 429 code its lock is reported with. `spares` names another key of the same guess:
 * while this key is locked, an attempt that is the first in its window on that key still goes through
 * (a per-MAC ceiling slows guessing from many addresses without locking out the TV that never erred).
 */
export type GuardedAttempt = Attempt & { refusal: 'too_many_attempts' | 'account_locked'; spares?: string };

export type GuessOutcome<T> = { right: true; value: T } | { right: false; state: AttemptState };

/**
 * Checks a secret under guessing limits (decision 0010): an attempt is reserved on every key before
 * `verify` runs, so only attempts within the limits are ever evaluated, however many arrive at once.
 * A locked key refuses with its 429 (the other keys' reservations are given back). `verify` answers
 * the value when the secret is right and null when it is wrong: wrong keeps the reservations as
 * failures, right gives them back and forgets the failures of the `resetOnSuccess` keys. An error
 * (the database is down) gives them back too: an outage is nobody's wrong guess.
 *
 * The answer does not wait for reservations to be given back (see giveBack): a reservation still held
 * only makes the next attempt's count higher, never lower.
 */
export async function guess<T>(
  limiter: AttemptLimiter,
  attempts: GuardedAttempt[],
  verify: () => Promise<T | null | undefined>,
  options: { resetOnSuccess?: string[] } = {},
): Promise<GuessOutcome<T>> {
  const keys = attempts.map((attempt) => attempt.key);
  const reservedKeys = attempts.filter((attempt) => !attempt.shared).map((attempt) => attempt.key);
  const reserved = await limiter.reserve(attempts);
  const spared = (attempt: GuardedAttempt): boolean => {
    const other = attempt.spares === undefined ? undefined : reserved[keys.indexOf(attempt.spares)];
    return other !== undefined && !other.locked && other.attempts === 1;
  };
  const lockedAt = reserved.findIndex((state, i) => state.locked && !spared(attempts[i]!));
  if (lockedAt !== -1) {
    giveBack(
      limiter,
      reservedKeys.filter((key) => !reserved[keys.indexOf(key)]!.locked),
    );
    const locked = reserved[lockedAt] as { locked: true; retryAfterMs: number };
    throw tooManyAttempts(attempts[lockedAt]!.refusal, locked.retryAfterMs);
  }
  let value: T | null | undefined;
  try {
    value = await verify();
  } catch (error) {
    giveBack(limiter, reservedKeys);
    throw error;
  }
  if (value === null || value === undefined) return { right: false, state: await limiter.fail(attempts) };
  const reset = new Set(options.resetOnSuccess ?? []);
  giveBack(
    limiter,
    reservedKeys.filter((key) => !reset.has(key)),
  );
  await Promise.all([...reset].map((key) => limiter.reset(key)));
  return { right: true, value };
}

/**
 * Gives reservations back without holding up the answer. On PostgreSQL without Redis the release is a
 * round trip of its own after the reservation's: waited for, it was a third of the TV app's poll
 * (decision 0023). Until it lands the keys count one attempt more, which is stricter, never more
 * lenient; if it fails (the database went away), the count ends with its window like any other.
 */
function giveBack(limiter: AttemptLimiter, keys: string[]): void {
  limiter.release(keys).catch(() => {});
}
