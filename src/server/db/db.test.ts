import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, afterAll, beforeAll, vi } from 'vitest';
import {
  createPostgresTestDatabase,
  createTestApp,
  testDatabaseKind,
  type TestApp,
  insertReseller,
} from '../test/test-app';
import type { FastifyError, FastifyRequest } from 'fastify';
import { describeFailure } from '../plugins/error-envelope';
import {
  type DatabaseHandle,
  executeReadOnly,
  isStalePlan,
  openDatabase,
  statementName,
  writesCounterOf,
} from './index';
import { prepareQuery } from './prepared';
import type { UserRow } from './schema';
import { migrateToLatest } from './migrate';
import { DatabaseAttemptLimiter } from '../modules/security/database-attempt-limiter';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`database layer (${testDatabaseKind})`, () => {
  it('returns timestamps as Date and booleans as boolean', async () => {
    const user = await insertReseller(t.database);
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.created_at).toBeInstanceOf(Date);
    expect(row.is_banned).toBe(false);
    expect(typeof row.id).toBe('number');
    expect(typeof row.credits).toBe('number');
  });

  it('gives timestamps as the ISO text of the Date path when a read asks for text', async () => {
    const user = await insertReseller(t.database);
    const query = () =>
      t.database.db.selectFrom('users').select(['id', 'created_at', 'is_banned']).where('id', '=', user.id);
    const [asDate] = await executeReadOnly(t.database.db, query());
    const [asText] = await executeReadOnly(t.database.db, query(), { timestamps: 'text' });
    expect(asText).toEqual({ id: user.id, created_at: asDate?.created_at.toISOString(), is_banned: false });
    // The lookups' lane, unnamed on PostgreSQL, gives the same.
    expect(await executeReadOnly(t.database.db, query(), { lane: 'lookups', timestamps: 'text' })).toEqual([
      asText,
    ]);
  });

  it('keeps millisecond precision and compares timestamps in time order', async () => {
    const now = new Date();
    const earlier = new Date(now.getTime() - 1);
    const device = await t.database.db
      .insertInto('devices')
      .values({
        mac: '00:1A:2B:3C:4D:5E',
        mac_hex: '001A2B3C4D5E',
        device_key: 'KEY',
        expires_at: now,
        is_paid: true,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(device.expires_at?.getTime()).toBe(now.getTime());
    expect(device.is_paid).toBe(true);
    const found = await t.database.db
      .selectFrom('devices')
      .select('id')
      .where('expires_at', '>', earlier)
      .execute();
    expect(found).toHaveLength(1);
  });

  it('counts come back as numbers', async () => {
    const { count } = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(typeof count).toBe('number');
  });

  it('refuses a negative balance at the database level too', async () => {
    const user = await insertReseller(t.database, { credits: 1 });
    await expect(
      t.database.db.updateTable('users').set({ credits: -1 }).where('id', '=', user.id).execute(),
    ).rejects.toThrow();
  });
});

describe.skipIf(testDatabaseKind !== 'sqlite')('a new SQLite file', () => {
  it('uses 8 KB pages, so a TV app answer fits in its page', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-size-'));
    const handle = openDatabase({ kind: 'sqlite', filename: path.join(dir, 'app.sqlite') });
    try {
      await migrateToLatest(handle);
      const [row] = (await sql<{ page_size: number }>`PRAGMA page_size`.execute(handle.db)).rows;
      expect(row?.page_size).toBe(8192);
    } finally {
      await handle.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A fresh, migrated PostgreSQL database on its own pool of `poolSize`, with one reseller. */
async function withFreshPostgres(
  poolSize: number,
  test: (handle: DatabaseHandle, owner: UserRow, url: string) => Promise<void>,
): Promise<void> {
  const { url, drop } = await createPostgresTestDatabase();
  const handle = openDatabase({ kind: 'postgres', url, poolSize });
  try {
    await migrateToLatest(handle);
    await test(handle, await insertReseller(handle, { credits: 1 }), url);
  } finally {
    await handle.destroy();
    await drop();
  }
}

describe.skipIf(testDatabaseKind !== 'sqlite')("a SQLite connection's count of writes", () => {
  it('counts every statement that may write, RETURNING ones too, and no read', async () => {
    const handle = openDatabase({ kind: 'sqlite', filename: ':memory:' });
    try {
      await migrateToLatest(handle);
      const writes = writesCounterOf(handle.db)!;
      const { db } = handle;
      const start = writes();
      await db.selectFrom('users').selectAll().execute();
      await sql`SELECT 1`.execute(db);
      expect(writes()).toBe(start);
      await db
        .insertInto('device_list_versions')
        .values({ owner_id: 1, version: 1 })
        .returning('version')
        .execute();
      expect(writes()).toBe(start + 1);
      await db.updateTable('device_list_versions').set({ version: 2 }).execute();
      expect(writes()).toBe(start + 2);
    } finally {
      await handle.destroy();
    }
  });
});

/** Prepared statements' names but those of `begin`, `commit` and `rollback`, which every connection prepares. */
const besidesTransactions = (names: string[]) =>
  names.filter((name) => !['begin', 'commit', 'rollback'].some((text) => statementName(text) === name));

describe.skipIf(testDatabaseKind !== 'postgres')('PostgreSQL named statements', () => {
  it('run a scan once planned per connection, answering as a plain query does', () =>
    // One connection, so the statements it prepared are the ones pg_prepared_statements lists.
    withFreshPostgres(1, async (handle, owner) => {
      const scan = () => handle.db.selectFrom('users').select(['id', 'credits']).where('id', '=', owner.id);
      const lookup = () => handle.db.selectFrom('users').select('email').where('id', '=', owner.id);
      expect(await executeReadOnly(handle.db, scan())).toEqual(await scan().execute());
      expect(await executeReadOnly(handle.db, scan())).toEqual([{ id: owner.id, credits: 1 }]);
      expect(await executeReadOnly(handle.db, lookup(), { lane: 'lookups' })).toEqual([
        { email: owner.email },
      ]);
      const prepared = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(
        handle.db,
      );
      // The scan once, however often it ran; the lookup (whose `in` lists vary) not at all.
      expect(besidesTransactions(prepared.rows.map((row) => row.name))).toEqual([
        statementName(scan().compile().sql),
      ]);
    }));

  // A turn of TV polls on the guessing limiter: each reserves its MAC and the shared address, then
  // gives the MAC back.
  const rule = { maxFailures: 5, windowMs: 60_000, lockMs: 60_000 };
  const tvPolls = (limiter: DatabaseAttemptLimiter, keys: string[]) =>
    Promise.all(
      keys.map(async (key) => {
        await limiter.reserve([
          { key, rule },
          { key: 'address', rule, shared: true },
        ]);
        await limiter.release([key]);
      }),
    );
  /** attempt_counters' statistics, this connection's counts flushed first. */
  const counterStats = async (db: DatabaseHandle['db']) => {
    await sql`select pg_stat_force_next_flush()`.execute(db);
    const { rows } = await sql<{ seq_scan: string; analyze_count: string }>`
      select seq_scan, analyze_count from pg_stat_user_tables where relname = 'attempt_counters'`.execute(db);
    return { seqScans: Number(rows[0]?.seq_scan), analyses: Number(rows[0]?.analyze_count) };
  };
  /**
   * The table analyzed while empty (autovacuum after a sweep; the bench's warm-up after seeding), then
   * polled past the five runs after which PostgreSQL may keep a named statement's generic plan, then
   * grown by the TVs' rows, a few hundred a turn.
   */
  const growFromEmpty = async (handle: DatabaseHandle, limiter: DatabaseAttemptLimiter) => {
    await sql`analyze attempt_counters`.execute(handle.db);
    for (let i = 0; i < 8; i += 1) await tvPolls(limiter, [`tv-${i}`]);
    expect(await limiter.keepPlansCurrent()).toBe(false);
    for (let turn = 0; turn < 10; turn += 1)
      await tvPolls(
        limiter,
        Array.from({ length: 300 }, (_, i) => `tv-${turn}-${i}`),
      );
  };

  it("are planned again once the guessing limiter's table has grown from empty (decision 0033)", () =>
    // One connection, so its plans, and its statistics flushed below, are the ones read.
    withFreshPostgres(1, async (handle) => {
      // No check in the background: this test runs it by hand.
      const limiter = new DatabaseAttemptLimiter(handle.db, undefined, { planCheckEveryMs: Infinity });
      const polls = (keys: string[]) => tvPolls(limiter, keys);
      const seqScans = async () => (await counterStats(handle.db)).seqScans;
      await growFromEmpty(handle, limiter);
      let before = await seqScans();
      await polls(['tv-kept-plan']);
      // The plan kept from the empty table reads it whole: what keepPlansCurrent is for.
      expect(await seqScans()).toBeGreaterThan(before);
      expect(await limiter.keepPlansCurrent()).toBe(true);
      before = await seqScans();
      await polls(['tv-after']);
      expect(await seqScans()).toBe(before);
      // Analyzed at 3,000 rows: the next analysis waits for twice that.
      expect(await limiter.keepPlansCurrent()).toBe(false);
    }));

  it("are planned again by the guessing limiter's own check, started by a reservation", () =>
    withFreshPostgres(1, async (handle) => {
      const limiter = new DatabaseAttemptLimiter(handle.db, undefined, { planCheckEveryMs: Infinity });
      await growFromEmpty(handle, limiter);
      const { analyses } = await counterStats(handle.db);
      // Another instance's limiter, whose reservations check at once.
      const checking = new DatabaseAttemptLimiter(handle.db, undefined, { planCheckEveryMs: 0 });
      await tvPolls(checking, ['tv-checks']);
      await vi.waitFor(async () => expect((await counterStats(handle.db)).analyses).toBe(analyses + 1));
    }));

  it("are left to autovacuum by an instance that does not own the guessing limiter's table", () =>
    withFreshPostgres(1, async (handle, _owner, url) => {
      const owners = new DatabaseAttemptLimiter(handle.db, undefined, { planCheckEveryMs: Infinity });
      await growFromEmpty(handle, owners);
      const role = `limiter_guest_${randomBytes(4).toString('hex')}`;
      await sql.raw(`create role ${role} login`).execute(handle.db);
      await sql.raw(`grant all on attempt_counters to ${role}`).execute(handle.db);
      const guestUrl = new URL(url);
      guestUrl.username = role;
      const guest = openDatabase({ kind: 'postgres', url: guestUrl.toString(), poolSize: 1 });
      try {
        const { analyses } = await counterStats(handle.db);
        const limiter = new DatabaseAttemptLimiter(guest.db, undefined, { planCheckEveryMs: Infinity });
        expect(await limiter.keepPlansCurrent()).toBe(false);
        expect((await counterStats(handle.db)).analyses).toBe(analyses);
        // The table's owner would have: the guest's answer is its role's, not the table's.
        expect(await owners.keepPlansCurrent()).toBe(true);
      } finally {
        await guest.destroy();
        await sql.raw(`revoke all on attempt_counters from ${role}`).execute(handle.db);
        await sql.raw(`drop role ${role}`).execute(handle.db);
      }
    }));

  it('still answer after a table they read gains a column (another instance migrated)', () =>
    withFreshPostgres(2, async (handle, owner) => {
      const everything = () => handle.db.selectFrom('users').selectAll().where('id', '=', owner.id);
      // Prepared on both connections: two at once.
      await Promise.all([executeReadOnly(handle.db, everything()), executeReadOnly(handle.db, everything())]);
      await sql`alter table users add column added_by_a_newer_release text`.execute(handle.db);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => executeReadOnly(handle.db, everything())),
      );
      for (const [row] of answers)
        expect(row).toMatchObject({ id: owner.id, added_by_a_newer_release: null });
    }));
});

describe.skipIf(testDatabaseKind !== 'postgres')('PostgreSQL named statements in transactions', () => {
  /** The statements this connection has prepared, read in the transaction that holds it. */
  const preparedOn = async (trx: DatabaseHandle['db']) =>
    (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(trx)).rows.map(
      (row) => row.name,
    );
  const nameOf = (query: { compile(): { sql: string } }) => statementName(query.compile().sql);

  it("run prepareQuery's statements under their names, not one that returns *", () =>
    // One connection, so the transaction's connection is the one that prepared them.
    withFreshPostgres(1, async (handle, owner) => {
      const { db } = handle;
      const credits = (id: number) => db.selectFrom('users').select('credits').where('id', '=', id);
      const everything = (id: number) => db.selectFrom('users').selectAll().where('id', '=', id);
      const creditsOf = prepareQuery(db, 1, credits);
      const allOf = prepareQuery(db, 1, everything);
      await db.transaction().execute(async (trx) => {
        expect(await creditsOf.on(trx)(owner.id)).toEqual([{ credits: 1 }]);
        expect(await creditsOf.on(trx)(owner.id)).toEqual([{ credits: 1 }]);
        expect(await allOf.on(trx)(owner.id)).toMatchObject([{ id: owner.id, credits: 1 }]);
        // The named one once, however often it ran; the one returning * not at all.
        expect(besidesTransactions(await preparedOn(trx))).toEqual([nameOf(credits(owner.id))]);
        expect(await preparedOn(trx)).not.toContain(nameOf(everything(owner.id)));
      });
    }));

  it('still answer after a table they read gains a column (another instance migrated)', () =>
    withFreshPostgres(1, async (handle, owner) => {
      const { db } = handle;
      const creditsOf = prepareQuery(db, 1, (id: number) =>
        db.selectFrom('users').select(['id', 'credits']).where('id', '=', id),
      );
      const allOf = prepareQuery(db, 1, (id: number) =>
        db.selectFrom('users').selectAll().where('id', '=', id),
      );
      const both = () =>
        db
          .transaction()
          .execute(async (trx) => [await creditsOf.on(trx)(owner.id), await allOf.on(trx)(owner.id)]);
      await both();
      await sql`alter table users add column added_by_a_newer_release text`.execute(db);
      const [credits, all] = await both();
      expect(credits).toEqual([{ id: owner.id, credits: 1 }]);
      expect(all).toMatchObject([{ id: owner.id, added_by_a_newer_release: null }]);
    }));

  it('fail one transaction when a column they return changes type, answered 503, then are prepared afresh', () =>
    withFreshPostgres(1, async (handle, owner) => {
      const { db } = handle;
      const creditsOf = prepareQuery(db, 1, (id: number) =>
        db.selectFrom('users').select('credits').where('id', '=', id),
      );
      const inTransaction = () => db.transaction().execute((trx) => creditsOf.on(trx)(owner.id));
      expect(await inTransaction()).toEqual([{ credits: 1 }]);
      // A change no release makes to a column an older one still reads, but a connection must outlive it.
      await sql`alter table users alter column credits type bigint`.execute(db);
      const failure = await inTransaction().then(
        () => null,
        (error: unknown) => error,
      );
      expect(isStalePlan(failure)).toBe(true);
      const request = { log: { warn: () => {}, error: () => {} } } as unknown as FastifyRequest;
      expect(describeFailure(failure as FastifyError, request)).toMatchObject({
        status: 503,
        code: 'service_unavailable',
        retryAfterSeconds: 1,
      });
      // The same connection (the pool has one) answers the next transactions.
      expect(await inTransaction()).toEqual([{ credits: 1 }]);
      expect(await inTransaction()).toEqual([{ credits: 1 }]);
    }));
});
