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

/**
 * Counts in the attempt_counters table. With `soleWriter` (SQLite: one process owns the file), the
 * locks this process wrote are all the locks there are, so it keeps them in memory as well and answers
 * checks without a query: a check runs on every sign-in, the TV app's included, a failure rarely.
 * Failures and locks are still written, so they outlive a restart.
 */
export class DatabaseAttemptLimiter implements AttemptLimiter {
  /** key → end of its lock (ms), when soleWriter; loaded from the table on first use. */
  private locks: Map<string, number> | null = null;
  private loading: Promise<Map<string, number>> | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly options: { soleWriter?: boolean } = {},
  ) {}

  async check(key: string): Promise<AttemptState> {
    return (await this.checkEach([key]))[0]!;
  }

  async checkEach(keys: string[]): Promise<AttemptState[]> {
    const now = this.now().getTime();
    const until = this.options.soleWriter ? await this.knownLocks() : await this.lockedUntil(keys);
    return keys.map((key) => {
      const remaining = (until.get(key) ?? 0) - now;
      return remaining > 0 ? { locked: true, retryAfterMs: remaining } : { locked: false };
    });
  }

  private async lockedUntil(keys: string[]): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('attempt_counters')
      .select(['key', 'locked_until_at'])
      .where('key', 'in', keys)
      .where('locked_until_at', 'is not', null)
      .execute();
    return new Map(rows.map((row) => [row.key, row.locked_until_at!.getTime()]));
  }

  private async knownLocks(): Promise<Map<string, number>> {
    if (this.locks) return this.locks;
    this.loading ??= this.db
      .selectFrom('attempt_counters')
      .select(['key', 'locked_until_at'])
      .where('locked_until_at', '>', this.now())
      .execute()
      .then((rows) => {
        this.locks = new Map(rows.map((row) => [row.key, row.locked_until_at!.getTime()]));
        return this.locks;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  private async remember(key: string, lockedUntil: number | null): Promise<void> {
    if (!this.options.soleWriter) return;
    const locks = await this.knownLocks();
    if (lockedUntil === null) {
      locks.delete(key);
      return;
    }
    // Ended locks are dropped now and then, so the map holds no more than the locks in force.
    if (locks.size >= 1_000) {
      const now = this.now().getTime();
      for (const [other, until] of locks) if (until <= now) locks.delete(other);
    }
    locks.set(key, lockedUntil);
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
    await this.remember(key, lockedUntil.getTime());
    return { locked: true, retryAfterMs: rule.lockMs };
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('attempt_counters').where('key', '=', key).execute();
    await this.remember(key, null);
  }
}
