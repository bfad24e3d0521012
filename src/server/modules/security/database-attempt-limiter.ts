import { sql } from 'kysely';
import { type Db, isSqlite } from '../../db';
import { batchPerTurn } from '../../db/batch-per-turn';
import { prepareQuery } from '../../db/prepared';
import { AttemptCounts } from './attempt-counts';
import {
  type Attempt,
  type AttemptLimiter,
  type AttemptState,
  type Reserved,
  WINDOWS_END_WITHIN_MS,
} from './attempt-limiter';

/** How often, by default, an instance compares attempt_counters' size with its size at the last analysis. */
const PLAN_CHECK_EVERY_MS = 1_000;
/**
 * From this size at the last analysis on, plans made from that analysis read the table by its key
 * (a sequential scan only wins while the table is a few pages), so its growth no longer matters.
 */
const PLANS_SETTLED_ROWS = 10_000;

function lockedState(until: Date | null, now: number): AttemptState {
  const remaining = (until?.getTime() ?? 0) - now;
  return remaining > 0 ? { locked: true, retryAfterMs: remaining } : { locked: false };
}

/**
 * Counts in the attempt_counters table, one atomic upsert per key (PostgreSQL takes the row's lock for
 * the whole statement, SQLite has one writer). With `soleWriter` (SQLite: this process is the only
 * writer of the file) the counts live in memory, where a reservation is one synchronous step and the
 * TV app's sign-in costs no write; failures and locks are still written, so they outlive a restart.
 */
export class DatabaseAttemptLimiter implements AttemptLimiter {
  private counts: AttemptCounts | null = null;
  private loading: Promise<AttemptCounts> | null = null;
  // Without soleWriter every sign-in counts in the table (the TV app's poll: two counts, a lock, a
  // release), so the statements are compiled once (named statements on PostgreSQL): building them with
  // Kysely on every call was a quarter of the server's CPU on the TV path.
  private readonly count: ReturnType<typeof countStatement>;
  private readonly lockOfKey: ReturnType<typeof lockStatement>;
  private readonly giveBack: ReturnType<typeof releaseStatement> | null = null;
  private readonly forget: ReturnType<typeof forgetStatement>;
  /**
   * PostgreSQL: the reservations of one turn of the event loop in one statement, and their releases in
   * another (null on SQLite, where a statement is a call in this process, not a round trip).
   */
  private readonly reserveInTurn: ((attempts: Attempt[]) => Promise<Reserved[]>) | null = null;
  private readonly releaseInTurn: ((keys: string[]) => Promise<void>) | null = null;
  private readonly planCheckEveryMs: number;
  private nextPlanCheck: number;
  private planCheck: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly options: {
      soleWriter?: boolean;
      /** How often, at most, a reservation starts keepPlansCurrent (PostgreSQL). */
      planCheckEveryMs?: number;
    } = {},
  ) {
    this.planCheckEveryMs = options.planCheckEveryMs ?? PLAN_CHECK_EVERY_MS;
    this.nextPlanCheck = performance.now() + this.planCheckEveryMs;
    this.count = countStatement(db);
    this.lockOfKey = lockStatement(db);
    this.forget = forgetStatement(db);
    if (isSqlite(db)) {
      this.giveBack = releaseStatement(db);
    } else {
      const countAll = reserveAllStatement(db);
      this.reserveInTurn = batchPerTurn(
        (requests: Attempt[][]) => this.reserveAll(countAll, requests),
        // An upsert counts a row once: two reservations of one key go in two statements.
        { keysOf: (attempts) => attempts.filter((attempt) => !attempt.shared).map((attempt) => attempt.key) },
      );
      const giveBackAll = releaseAllStatement(db);
      this.releaseInTurn = batchPerTurn(async (requests: string[][]) => {
        const times = new Map<string, number>();
        for (const key of requests.flat()) times.set(key, (times.get(key) ?? 0) + 1);
        await giveBackAll([...times.keys()], [...times.values()], this.now());
        return requests.map(() => undefined);
      });
    }
  }

  async reserve(attempts: Attempt[]): Promise<Reserved[]> {
    if (this.options.soleWriter) {
      const counts = this.counts ?? (await this.memory());
      return counts.reserve(attempts, this.now().getTime());
    }
    if (this.reserveInTurn) {
      this.checkPlansNow();
      return this.reserveInTurn(attempts);
    }
    return Promise.all(
      attempts.map((attempt) =>
        attempt.shared ? this.lockOf(attempt.key) : this.countInTable(attempt, attempt.rule.maxFailures),
      ),
    );
  }

  /** Starts keepPlansCurrent in the background, at most once a planCheckEveryMs (PostgreSQL). */
  private checkPlansNow(): void {
    const now = performance.now();
    if (this.planCheck || now < this.nextPlanCheck) return;
    this.nextPlanCheck = now + this.planCheckEveryMs;
    // A failed check (the database away) is tried again on a later reservation; the reservation itself
    // reports the outage.
    this.planCheck = this.keepPlansCurrent()
      .catch(() => false)
      .finally(() => {
        this.planCheck = null;
      });
  }

  /**
   * PostgreSQL: analyzes attempt_counters when it has grown to twice its size at the last analysis while
   * that size was small; answers whether it did. Each pooled connection keeps a generic plan of the
   * limiter's named statements, made against the table as it was when they were last planned. Made on
   * an empty table (an install, or autovacuum after a sweep emptied it), that plan scans the whole
   * table, and keeps doing so as every TV adds its row, until the next analysis: autovacuum's comes a
   * minute or more later (never on a server without it), and meanwhile the TV path ran at half its
   * rate (decisions 0032 and 0033). An analysis invalidates those plans on every connection of every
   * instance.
   */
  async keepPlansCurrent(): Promise<boolean> {
    if (isSqlite(this.db)) return false;
    const { rows } = await sql<{ analyzed: number; live: number; owned: boolean }>`
      SELECT c.reltuples::float8 AS analyzed, s.n_live_tup::float8 AS live,
             pg_has_role(c.relowner, 'MEMBER') AS owned
      FROM pg_class AS c JOIN pg_stat_user_tables AS s ON s.relid = c.oid
      WHERE c.oid = 'attempt_counters'::regclass
    `.execute(this.db);
    const table = rows[0];
    // Only the table's owner may analyze it (PostgreSQL skips it for anyone else, with a warning in its
    // log): an instance connected under another role leaves it to autovacuum from then on.
    if (table && !table.owned) this.nextPlanCheck = Infinity;
    if (!table?.owned) return false;
    // reltuples is -1 before any analysis: PostgreSQL then prices the table at ten pages at least.
    if (table.analyzed >= PLANS_SETTLED_ROWS || table.live < 2 * Math.max(table.analyzed, 1_000))
      return false;
    await sql`ANALYZE attempt_counters`.execute(this.db);
    return true;
  }

  /** Several requests' reservations in one statement; no key is reserved twice (see batchPerTurn). */
  private async reserveAll(
    countAll: ReturnType<typeof reserveAllStatement>,
    requests: Attempt[][],
  ): Promise<Reserved[][]> {
    const now = this.now();
    const byKey = new Map<string, Attempt>();
    for (const attempt of requests.flat()) byKey.set(attempt.key, attempt);
    const attempts = [...byKey.values()];
    const rows = await countAll(
      attempts.map((attempt) => attempt.key),
      attempts.map((attempt) => attempt.shared === true),
      attempts.map(({ rule }) => rule.maxFailures),
      attempts.map(({ rule }) => new Date(now.getTime() - rule.windowMs)),
      attempts.map(({ rule }) => new Date(now.getTime() + rule.lockMs)),
      now,
    );
    const rowOf = new Map(rows.map((row) => [row.key, row]));
    return requests.map((request) =>
      request.map(({ key, shared }): Reserved => {
        const row = rowOf.get(key);
        if (!row && !shared) throw new Error('attempt_counters: the upsert returned no row');
        const state = lockedState(row?.locked_until_at ?? null, now.getTime());
        if (state.locked) return state;
        return { locked: false, attempts: shared ? 0 : row!.failures };
      }),
    );
  }

  private async lockOf(key: string): Promise<Reserved> {
    const [row] = await this.lockOfKey(key);
    const state = lockedState(row?.locked_until_at ?? null, this.now().getTime());
    return state.locked ? state : { locked: false, attempts: 0 };
  }

  async fail(attempts: Attempt[]): Promise<AttemptState> {
    const now = this.now();
    if (this.options.soleWriter) {
      const counts = this.counts ?? (await this.memory());
      const state = counts.fail(attempts, now.getTime());
      await Promise.all(attempts.map(({ key }) => this.persist(key, counts)));
      return state;
    }
    const locked = await Promise.all(
      attempts.map(async ({ key, rule, shared }) => {
        if (shared) {
          const counted = await this.countInTable({ key, rule }, rule.maxFailures - 1);
          return counted.locked
            ? { locked_until_at: new Date(now.getTime() + counted.retryAfterMs) }
            : undefined;
        }
        return this.db
          .updateTable('attempt_counters')
          .set({ locked_until_at: new Date(now.getTime() + rule.lockMs) })
          .where('key', '=', key)
          .where('locked_until_at', 'is', null)
          .where('failures', '>=', rule.maxFailures)
          .returning('locked_until_at')
          .executeTakeFirst();
      }),
    );
    const lockedUntil = locked.find((row) => row)?.locked_until_at ?? null;
    return lockedState(lockedUntil, now.getTime());
  }

  async release(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    if (this.options.soleWriter) {
      (this.counts ?? (await this.memory())).release(keys);
      return;
    }
    await (this.releaseInTurn ?? this.giveBack!)(keys);
  }

  async reset(key: string): Promise<void> {
    const now = this.now();
    if (this.options.soleWriter) (this.counts ?? (await this.memory())).reset(key, now.getTime());
    await this.db
      .deleteFrom('attempt_counters')
      .where('key', '=', key)
      .where((eb) => eb.or([eb('locked_until_at', 'is', null), eb('locked_until_at', '<=', now)]))
      .execute();
  }

  /**
   * Deletes the rows that count nothing: no lock in force, and nothing counted (every reservation
   * given back: a TV's poll leaves such a row) or a window begun over WINDOWS_END_WITHIN_MS ago.
   * Without it the table kept a row for every key ever counted: every TV, address and account
   * (1,360,000 rows after two days of benches on PostgreSQL without Redis). Deleting a row that counts
   * nothing is never more lenient: the next attempt starts a full window. In batches, so no statement
   * holds many rows for long; on PostgreSQL a row that a reservation holds is skipped (it is being
   * counted again; the row is re-read once locked, so a count that landed meanwhile keeps it), and the
   * purge never waits for a sign-in, nor a sign-in's lock order for it.
   */
  async forgetEnded(batchSize = 5000): Promise<number> {
    const now = this.now();
    const windowBegunBefore = new Date(now.getTime() - WINDOWS_END_WITHIN_MS);
    let forgotten = 0;
    for (;;) {
      const deleted = await this.forget(windowBegunBefore, now, batchSize);
      forgotten += deleted;
      if (deleted < batchSize) return forgotten;
    }
  }

  /**
   * One statement: a locked key is left as it is; a key whose lock or window ended starts a new count;
   * otherwise the count goes up, and going over `lockAbove` starts the lock (a reservation locks above
   * the limit, a shared key's failure at it).
   */
  private async countInTable({ key, rule }: Attempt, lockAbove: number): Promise<Reserved> {
    const now = this.now();
    const lockUntil = new Date(now.getTime() + rule.lockMs);
    const [row] = await this.count(
      key,
      lockAbove < 1 ? lockUntil : null,
      now,
      new Date(now.getTime() - rule.windowMs),
      lockAbove,
      lockUntil,
    );
    if (!row) throw new Error('attempt_counters: the upsert returned no row');
    const state = lockedState(row.locked_until_at, now.getTime());
    return state.locked ? state : { locked: false, attempts: row.failures };
  }

  private async persist(key: string, counts: AttemptCounts): Promise<void> {
    const entry = counts.get(key);
    if (!entry) return;
    const values = {
      failures: entry.attempts,
      window_started_at: new Date(entry.windowStartedAt),
      locked_until_at: entry.lockedUntil === null ? null : new Date(entry.lockedUntil),
    };
    await this.db
      .insertInto('attempt_counters')
      .values({ key, ...values })
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .execute();
  }

  /** The counts in memory, loaded once from the table (locks and failures of an earlier process). */
  private memory(): Promise<AttemptCounts> {
    this.loading ??= this.db
      .selectFrom('attempt_counters')
      .select(['key', 'failures', 'window_started_at', 'locked_until_at'])
      .where((eb) =>
        eb.or([
          eb('locked_until_at', '>', this.now()),
          eb('window_started_at', '>', new Date(this.now().getTime() - WINDOWS_END_WITHIN_MS)),
        ]),
      )
      .execute()
      .then((rows) => {
        this.counts ??= new AttemptCounts(
          rows.map((row) => ({
            key: row.key,
            attempts: row.failures,
            windowStartedAt: row.window_started_at.getTime(),
            lockedUntil: row.locked_until_at?.getTime() ?? null,
          })),
        );
        return this.counts;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}

/**
 * One statement: a locked key is left as it is; a key whose lock or window ended starts a new count;
 * otherwise the count goes up, and going over `lockAbove` starts the lock (a reservation locks above
 * the limit, a shared key's failure at it).
 */
function countStatement(db: Db) {
  return prepareQuery(
    db,
    6,
    (
      key: string,
      initialLock: Date | null,
      now: Date,
      windowStart: Date,
      lockAbove: number,
      lockUntil: Date,
    ) =>
      db
        .insertInto('attempt_counters')
        .values({ key, failures: 1, window_started_at: now, locked_until_at: initialLock })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => {
            const old = {
              failures: eb.ref('attempt_counters.failures'),
              windowStartedAt: eb.ref('attempt_counters.window_started_at'),
              lockedUntil: eb.ref('attempt_counters.locked_until_at'),
            };
            const lockInForce = eb(old.lockedUntil, '>', now);
            const startsOver = eb.or([
              eb(old.lockedUntil, 'is not', null),
              eb(old.windowStartedAt, '<', windowStart),
            ]);
            return {
              failures: eb
                .case()
                .when(lockInForce)
                .then(old.failures)
                .when(startsOver)
                .then(1)
                .else(eb(old.failures, '+', 1))
                .end(),
              window_started_at: eb
                .case()
                .when(lockInForce)
                .then(old.windowStartedAt)
                .when(startsOver)
                .then(now)
                .else(old.windowStartedAt)
                .end(),
              locked_until_at: eb
                .case()
                .when(lockInForce)
                .then(old.lockedUntil)
                .when(eb.and([eb.not(startsOver), eb(eb(old.failures, '+', 1), '>', lockAbove)]))
                .then(lockUntil)
                // Typed NULL: PostgreSQL cannot infer a type from a bare parameter and NULL alone.
                .else(sql<Date | null>`${sql.ref('excluded.locked_until_at')}`)
                .end(),
            };
          }),
        )
        .returning(['failures', 'locked_until_at']),
  );
}

/**
 * countStatement for several keys at once, and the lock of the shared ones, in one statement
 * (PostgreSQL). The rows are locked in key order, so two reservations of the same keys in another
 * order wait for each other instead of deadlocking; each key's rule comes in parallel arrays. A
 * counted row finds its key's rule by the key's position in those arrays: reading it from the input
 * CTE scanned the CTE for every row, a cost that grew as the square of the batch (a turn of 1,000
 * polls: 270 ms, 70-100 ms by position; decision 0037).
 */
function reserveAllStatement(db: Db) {
  return prepareQuery(
    db,
    6,
    (
      keys: string[],
      shared: boolean[],
      lockAbove: number[],
      windowStart: Date[],
      lockUntil: Date[],
      now: Date,
    ) => {
      const query = sql<{ key: string; failures: number; locked_until_at: Date | null }>`
        WITH input AS (
          SELECT * FROM unnest(${keys}::text[], ${shared}::boolean[], ${lockAbove}::int[],
                               ${windowStart}::timestamptz[], ${lockUntil}::timestamptz[])
            AS i(key, shared, lock_above, window_start, lock_until)
        ), counted AS (
          INSERT INTO attempt_counters AS c (key, failures, window_started_at, locked_until_at)
          SELECT key, 1, ${now}::timestamptz, CASE WHEN lock_above < 1 THEN lock_until END
          FROM input WHERE NOT shared ORDER BY key
          ON CONFLICT (key) DO UPDATE SET (failures, window_started_at, locked_until_at) = (
            SELECT
              CASE WHEN c.locked_until_at > ${now} THEN c.failures
                   WHEN c.locked_until_at IS NOT NULL OR c.window_started_at < i.window_start THEN 1
                   ELSE c.failures + 1 END,
              CASE WHEN c.locked_until_at > ${now} THEN c.window_started_at
                   WHEN c.locked_until_at IS NOT NULL OR c.window_started_at < i.window_start THEN ${now}
                   ELSE c.window_started_at END,
              CASE WHEN c.locked_until_at > ${now} THEN c.locked_until_at
                   WHEN c.locked_until_at IS NULL AND c.window_started_at >= i.window_start
                        AND c.failures + 1 > i.lock_above THEN i.lock_until
                   ELSE excluded.locked_until_at END
            FROM (
              SELECT (${windowStart}::timestamptz[])[p] AS window_start, (${lockAbove}::int[])[p] AS lock_above,
                     (${lockUntil}::timestamptz[])[p] AS lock_until
              FROM array_position(${keys}::text[], excluded.key) AS p
            ) AS i
          )
          RETURNING c.key, c.failures, c.locked_until_at
        )
        SELECT key, failures, locked_until_at FROM counted
        UNION ALL
        SELECT c.key, 0, c.locked_until_at FROM attempt_counters AS c JOIN input AS i ON i.key = c.key
        WHERE i.shared
      `;
      return { compile: () => query.compile(db) };
    },
  );
}

function lockStatement(db: Db) {
  return prepareQuery(db, 1, (key: string) =>
    db.selectFrom('attempt_counters').select('locked_until_at').where('key', '=', key),
  );
}

/**
 * Gives one reservation back on each key, unless it is locked or has none left: one statement for all
 * the keys, a list passed as one value (a JSON array; SQLite).
 */
function releaseStatement(db: Db) {
  const release = prepareQuery(db, 1, (keys: string) =>
    db
      .updateTable('attempt_counters')
      .set((eb) => ({ failures: eb('failures', '-', 1) }))
      .where(sql<boolean>`${sql.ref('key')} IN (SELECT value FROM json_each(${keys}))`)
      .where('failures', '>', 0)
      .where('locked_until_at', 'is', null),
  );
  return (keys: string[]) => release(JSON.stringify(keys));
}

/**
 * PostgreSQL's release for a turn's requests: `times[i]` reservations given back on `keys[i]`, never
 * below none; locked keys keep their count. An upsert, so its rows are locked in key order as it
 * reaches them, as a reservation locks them (see reserveAllStatement), and the two never deadlock; a
 * row it finds needing no change stays locked and unwritten (DO UPDATE … WHERE). A key whose row is
 * gone (forgotten while reserved) gets a row that counts nothing, which the next purge deletes. The
 * release used to lock its rows with a locking read and then update them, each row written twice: half
 * the cost (`npx tsx bench/pg-release-lock.ts`; decision 0044).
 */
function releaseAllStatement(db: Db) {
  return prepareQuery(db, 3, (keys: string[], times: number[], now: Date) => {
    const query = sql`
      INSERT INTO attempt_counters AS c (key, failures, window_started_at)
      SELECT key, 0, ${now}::timestamptz FROM unnest(${keys}::text[]) AS key ORDER BY key
      ON CONFLICT (key) DO UPDATE
      SET failures = GREATEST(c.failures - (${times}::int[])[array_position(${keys}::text[], excluded.key)], 0)
      WHERE c.failures > 0 AND c.locked_until_at IS NULL
    `;
    return { compile: () => query.compile(db) };
  });
}

/**
 * Deletes up to `limit` rows that count nothing (see forgetEnded); answers how many. On PostgreSQL the
 * rows are locked first, skipping those a reservation holds, and re-read once locked.
 */
function forgetStatement(db: Db) {
  return async (windowBegunBefore: Date, now: Date, limit: number): Promise<number> => {
    if (!isSqlite(db)) {
      const result = await sql`
        WITH ended AS MATERIALIZED (
          SELECT key FROM attempt_counters
          WHERE (failures = 0 OR window_started_at < ${windowBegunBefore})
            AND (locked_until_at IS NULL OR locked_until_at <= ${now})
          LIMIT ${limit} FOR UPDATE SKIP LOCKED
        )
        DELETE FROM attempt_counters AS c USING ended WHERE c.key = ended.key
      `.execute(db);
      return Number(result.numAffectedRows ?? 0);
    }
    const result = await db
      .deleteFrom('attempt_counters')
      .where('key', 'in', (eb) =>
        eb
          .selectFrom('attempt_counters')
          .select('key')
          .where((row) => row.or([row('failures', '=', 0), row('window_started_at', '<', windowBegunBefore)]))
          .where((row) => row.or([row('locked_until_at', 'is', null), row('locked_until_at', '<=', now)]))
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  };
}
