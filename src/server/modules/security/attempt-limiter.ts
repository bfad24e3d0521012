export type AttemptRule = {
  /** Attempts within the window that may be answered; the next one starts the lock. */
  maxFailures: number;
  windowMs: number;
  /** How long the key stays locked once it went over maxFailures. */
  lockMs: number;
};

/**
 * One key to count an attempt against, with its rule. A `shared` key (a client address, behind which
 * many people may sign in at once) is not reserved: its lock is checked and only failures count, so a
 * busy address's parallel right secrets never add up to a lock. Its bound is therefore loose under
 * concurrency; it only backs up the per-target keys (account, MAC, playlist), which are reserved.
 */
export type Attempt = { key: string; rule: AttemptRule; shared?: boolean };

/**
 * A reservation's answer for one key: either the attempt is counted (`attempts` is its place in the
 * window, this one included) or the key is locked and nothing was counted.
 */
export type Reserved = { locked: false; attempts: number } | { locked: true; retryAfterMs: number };

export type AttemptState = { locked: false } | { locked: true; retryAfterMs: number };

/**
 * Guessing limits that hold under concurrency (decision 0010). An attempt is *reserved* atomically
 * before the secret is checked, so two hundred parallel guesses take two hundred places in the count
 * and only the first `maxFailures` are ever evaluated; the rest find the key locked. Then:
 * - `fail` when the secret was wrong: the reservation stays as a failure (and reaching the limit
 *   locks the key from now);
 * - `release` when it was right: the reservation is given back, so correct sign-ins never add up;
 * - `reset` after a successful sign-in that should clear earlier failures (a lock in force stays).
 * Keys are e.g. "login:email:x", "login:ip:1.2.3.4", "pin:42". Stores: the database (shared by every
 * instance on it), memory backed by the database (SQLite: one process owns the file) and Redis.
 */
export interface AttemptLimiter {
  /** One reservation per attempt, in order; a locked key counts nothing, nor does a shared one. */
  reserve(attempts: Attempt[]): Promise<Reserved[]>;
  /** The secret was wrong (a shared key counts its failure now): answers whether any key is locked now. */
  fail(attempts: Attempt[]): Promise<AttemptState>;
  release(keys: string[]): Promise<void>;
  reset(key: string): Promise<void>;
  /** Drops the counts that count nothing (no lock in force; none counted or the window ended); answers how many. */
  forgetEnded(): Promise<number>;
}

/**
 * No rule's window is longer (the limits are constants, an hour at most): a count whose window began
 * before this and that holds no lock in force counts nothing, and can be dropped.
 */
export const WINDOWS_END_WITHIN_MS = 24 * 60 * 60_000;
