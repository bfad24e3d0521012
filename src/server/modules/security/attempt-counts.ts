import type { Attempt, AttemptRule, AttemptState, Reserved } from './attempt-limiter';

export type AttemptEntry = {
  key: string;
  /** Attempts counted in the window: failures and reservations not yet given back. */
  attempts: number;
  windowStartedAt: number;
  lockedUntil: number | null;
};

/** Entries kept before ended windows and locks are swept out. */
const SWEEP_ABOVE = 10_000;

/**
 * The attempt counts of one process, in memory. Every method is synchronous, so a reservation is one
 * step that no other request can interleave with: that is what makes the limit hold under concurrency
 * when this process is the only one counting (SQLite). Same rules as the table's upsert.
 */
export class AttemptCounts {
  private readonly entries = new Map<string, AttemptEntry>();
  /** The longest window seen, so a sweep knows when an entry can go. */
  private longestWindowMs = 0;
  /** Grows with the live entries, so an attacker's many keys don't make every reservation sweep. */
  private sweepAbove = SWEEP_ABOVE;

  constructor(initial: AttemptEntry[] = []) {
    for (const entry of initial) this.entries.set(entry.key, { ...entry });
  }

  get(key: string): AttemptEntry | undefined {
    return this.entries.get(key);
  }

  reserve(attempts: Attempt[], now: number): Reserved[] {
    if (this.entries.size > this.sweepAbove) this.sweep(now);
    return attempts.map(({ key, rule, shared }) => {
      this.longestWindowMs = Math.max(this.longestWindowMs, rule.windowMs);
      const entry = this.entries.get(key);
      if (entry?.lockedUntil != null && entry.lockedUntil > now) {
        return { locked: true, retryAfterMs: entry.lockedUntil - now };
      }
      if (shared) return { locked: false, attempts: entry?.lockedUntil === null ? entry.attempts : 0 };
      if (!entry || entry.lockedUntil !== null || entry.windowStartedAt < now - rule.windowMs) {
        this.entries.set(key, { key, attempts: 1, windowStartedAt: now, lockedUntil: null });
        return rule.maxFailures < 1 ? this.lock(key, rule.lockMs, now) : { locked: false, attempts: 1 };
      }
      entry.attempts += 1;
      if (entry.attempts > rule.maxFailures) return this.lock(key, rule.lockMs, now);
      return { locked: false, attempts: entry.attempts };
    });
  }

  fail(attempts: Attempt[], now: number): AttemptState {
    let state: AttemptState = { locked: false };
    for (const { key, rule, shared } of attempts) {
      if (shared) this.countFailure(key, rule, now);
      const entry = this.entries.get(key);
      if (entry && entry.lockedUntil === null && entry.attempts >= rule.maxFailures) {
        entry.lockedUntil = now + rule.lockMs;
        state = { locked: true, retryAfterMs: rule.lockMs };
      }
    }
    return state;
  }

  /** A shared key's failure, counted after the fact in its window. */
  private countFailure(key: string, rule: AttemptRule, now: number): void {
    const entry = this.entries.get(key);
    if (entry?.lockedUntil != null && entry.lockedUntil > now) return;
    if (!entry || entry.lockedUntil !== null || entry.windowStartedAt < now - rule.windowMs) {
      this.entries.set(key, { key, attempts: 1, windowStartedAt: now, lockedUntil: null });
    } else {
      entry.attempts += 1;
    }
  }

  release(keys: string[]): void {
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (!entry || entry.lockedUntil !== null) continue;
      entry.attempts -= 1;
      if (entry.attempts <= 0) this.entries.delete(key);
    }
  }

  reset(key: string, now: number): void {
    const entry = this.entries.get(key);
    if (entry && (entry.lockedUntil === null || entry.lockedUntil <= now)) this.entries.delete(key);
  }

  private lock(key: string, lockMs: number, now: number): Reserved {
    const entry = this.entries.get(key)!;
    entry.lockedUntil = now + lockMs;
    return { locked: true, retryAfterMs: lockMs };
  }

  /** Drops entries whose lock and window have both ended, so the map holds only what still counts. */
  private sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      const lockEnded = entry.lockedUntil === null || entry.lockedUntil <= now;
      if (lockEnded && entry.windowStartedAt < now - this.longestWindowMs) this.entries.delete(key);
    }
    this.sweepAbove = Math.max(SWEEP_ABOVE, this.entries.size * 2);
  }
}
