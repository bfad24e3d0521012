import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, afterAll, beforeAll } from 'vitest';
import {
  createPostgresTestDatabase,
  createTestApp,
  testDatabaseKind,
  type TestApp,
  insertReseller,
} from '../test/test-app';
import { type DatabaseHandle, executeReadOnly, openDatabase, statementName } from './index';
import type { UserRow } from './schema';
import { migrateToLatest } from './migrate';

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
  test: (handle: DatabaseHandle, owner: UserRow) => Promise<void>,
): Promise<void> {
  const { url, drop } = await createPostgresTestDatabase();
  const handle = openDatabase({ kind: 'postgres', url, poolSize });
  try {
    await migrateToLatest(handle);
    await test(handle, await insertReseller(handle, { credits: 1 }));
  } finally {
    await handle.destroy();
    await drop();
  }
}

describe.skipIf(testDatabaseKind !== 'postgres')('PostgreSQL named statements', () => {
  it('run a scan once planned per connection, answering as a plain query does', () =>
    // One connection, so the statements it prepared are the ones pg_prepared_statements lists.
    withFreshPostgres(1, async (handle, owner) => {
      const scan = () => handle.db.selectFrom('users').select(['id', 'credits']).where('id', '=', owner.id);
      const lookup = () => handle.db.selectFrom('users').select('email').where('id', '=', owner.id);
      expect(await executeReadOnly(handle.db, scan())).toEqual(await scan().execute());
      expect(await executeReadOnly(handle.db, scan())).toEqual([{ id: owner.id, credits: 1 }]);
      expect(await executeReadOnly(handle.db, lookup(), 'lookups')).toEqual([{ email: owner.email }]);
      const prepared = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(
        handle.db,
      );
      // The scan once, however often it ran; the lookup (whose `in` lists vary) not at all.
      expect(prepared.rows.map((row) => row.name)).toEqual([statementName(scan().compile().sql)]);
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
