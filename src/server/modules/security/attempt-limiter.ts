import type { Db } from '../../db';

export type AttemptRule = {
  /** Failures within the window that trigger the lock. */
  maxFailures: number;
  windowMs: number;
  /** How long the key stays locked once maxFailures is reached. */
  lockMs: number;
};

export type AttemptState = { locked: false } | { locked: true; retryAfterMs: number };

/**
 * Counts failures per key ("login:email:x", "login:ip:1.2.3.4", ...). A key that reaches its limit
 * stays locked for lockMs even for a correct secret: that is what makes guessing pointless.
 * Two stores: the database (default; shared by every instance on one database) and Redis.
 */
export interface AttemptLimiter {
  check(key: string): Promise<AttemptState>;
  /** Several keys in one round trip (a login checks its address and its account), in order. */
  checkEach(keys: string[]): Promise<AttemptState[]>;
  /** Records one failure; answers whether the key is now locked. */
  registerFailure(key: string, rule: AttemptRule): Promise<AttemptState>;
  reset(key: string): Promise<void>;
}

/** Counts in the attempt_counters table. */
export class DatabaseAttemptLimiter implements AttemptLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async check(key: string): Promise<AttemptState> {
    return (await this.checkEach([key]))[0]!;
  }

  async checkEach(keys: string[]): Promise<AttemptState[]> {
    const rows = await this.db
      .selectFrom('attempt_counters')
      .select(['key', 'locked_until_at'])
      .where('key', 'in', keys)
      .where('locked_until_at', 'is not', null)
      .execute();
    const now = this.now().getTime();
    return keys.map((key) => {
      const remaining = (rows.find((r) => r.key === key)?.locked_until_at?.getTime() ?? 0) - now;
      return remaining > 0 ? { locked: true, retryAfterMs: remaining } : { locked: false };
    });
  }

  async registerFailure(key: string, rule: AttemptRule): Promise<AttemptState> {
    const now = this.now();
    const windowStart = new Date(now.getTime() - rule.windowMs);
    const row = await this.db
      .insertInto('attempt_counters')
      .values({ key, failures: 1, window_started_at: now, locked_until_at: null })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          // A failure after the window (or after a lock ran out) starts a new count.
          failures: eb
            .case()
            .when('attempt_counters.window_started_at', '<', windowStart)
            .then(1)
            .else(eb('attempt_counters.failures', '+', 1))
            .end(),
          window_started_at: eb
            .case()
            .when('attempt_counters.window_started_at', '<', windowStart)
            .then(now)
            .else(eb.ref('attempt_counters.window_started_at'))
            .end(),
        })),
      )
      .returning(['failures'])
      .executeTakeFirstOrThrow();
    if (row.failures < rule.maxFailures) return { locked: false };
    const lockedUntil = new Date(now.getTime() + rule.lockMs);
    await this.db
      .updateTable('attempt_counters')
      .set({ locked_until_at: lockedUntil, failures: 0, window_started_at: lockedUntil })
      .where('key', '=', key)
      .execute();
    return { locked: true, retryAfterMs: rule.lockMs };
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('attempt_counters').where('key', '=', key).execute();
  }
}
