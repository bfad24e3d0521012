import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReseller } from '../test/test-app';
import { createDeviceDocumentRepository } from '../modules/devices/device-document-repository';
import { createDeviceManagementRepository } from '../modules/devices/device-management-repository';
import { createDashboardRepository } from '../modules/dashboard/dashboard-repository';
import { type DatabaseHandle, executeReadOnly, openDatabase } from './index';
import { migrateToLatest } from './migrate';
import { SqliteDriver } from './sqlite-driver';
import { prepareRead, rowsOf } from './sqlite-readers';

/** SQLite files get read-only worker threads for the panel's heavy reads (executeReadOnly). */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-readers-'));
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = openDatabase({ kind: 'sqlite', filename: path.join(dir, 'app.sqlite'), readers: 2 });
  await migrateToLatest(handle);
});
afterAll(async () => {
  await handle.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A device written on the main connection. */
async function insertDevice(
  ownerId: number,
  mac: string,
  name: string | null = null,
  key = 'ABCDEFGHJK',
): Promise<void> {
  const now = new Date();
  await handle.db
    .insertInto('devices')
    .values({
      mac,
      mac_hex: mac.replace(/:/g, ''),
      device_key: key,
      name,
      payment_type: 'free',
      owner_id: ownerId,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

describe('executeReadOnly on a SQLite file', () => {
  it('answers the rows the main connection answers, with the same types', async () => {
    const user = await insertReseller(handle, { credits: 2 });
    const query = handle.db.selectFrom('users').selectAll().where('id', '=', user.id);
    const expected = await query.execute();
    expect(await executeReadOnly(handle.db, query)).toEqual(expected);
    const [row] = await executeReadOnly(handle.db, query);
    expect(row?.created_at).toBeInstanceOf(Date);
    expect(row?.is_banned).toBe(false);
    // Asked for text, the stored ISO text itself, booleans still converted.
    const [text] = await executeReadOnly(handle.db, query, { timestamps: 'text' });
    expect(text).toEqual({
      ...row,
      created_at: row?.created_at.toISOString(),
      updated_at: row?.updated_at.toISOString(),
    });
  });

  it('sees what was committed just before, and never what a transaction has not committed', async () => {
    const user = await insertReseller(handle, { credits: 1 });
    const credits = () =>
      executeReadOnly(handle.db, handle.db.selectFrom('users').select('credits').where('id', '=', user.id));
    await handle.db.updateTable('users').set({ credits: 5 }).where('id', '=', user.id).execute();
    expect(await credits()).toEqual([{ credits: 5 }]);
    await handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ credits: 9 }).where('id', '=', user.id).execute();
      expect(await credits()).toEqual([{ credits: 5 }]);
    });
    expect(await credits()).toEqual([{ credits: 9 }]);
  });

  it('serves the device list, filters and count included', async () => {
    const owner = await insertReseller(handle);
    for (let i = 0; i < 7; i += 1) {
      const name = i < 3 ? `Salon ${i}` : `Kitchen ${i}`;
      await insertDevice(owner.id, `02:00:00:00:10:${String(i).padStart(2, '0')}`, name);
    }
    const repository = createDeviceManagementRepository(handle.db);
    const page = await repository.page({ ownerId: owner.id, search: 'kitchen' }, 2, 3);
    expect(page.total).toBe(4);
    expect(page.rows.map((row) => row.name)).toEqual(['Kitchen 3']);
    // The page only shows its dates: it reads them as the ISO text it shows.
    expect(page.rows[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(page.rows[0]?.is_paid).toBe(false);
  });

  it('folds letters beyond ASCII in a search, as the main connection does', async () => {
    const owner = await insertReseller(handle);
    await insertDevice(owner.id, '02:00:00:00:40:01', 'Éric Salon');
    await insertDevice(owner.id, '02:00:00:00:40:02', 'Erica');
    const repository = createDeviceManagementRepository(handle.db);
    for (const search of ['ÉRIC', 'éric', 'Éric s']) {
      const page = await repository.page({ ownerId: owner.id, search }, 1, 10);
      expect(page.rows.map((row) => row.name)).toEqual(['Éric Salon']);
    }
  });

  it('counts the dashboard off the main connection: a transaction holding it does not hold them', async () => {
    const owner = await insertReseller(handle);
    await insertDevice(owner.id, '02:00:00:00:30:01');
    await insertDevice(owner.id, '02:00:00:00:30:02');
    const dashboard = createDashboardRepository(handle.db);
    const scope = { ownerId: owner.id, userId: owner.id };
    expect(await dashboard.counts(scope, new Date())).toMatchObject({ devicesCount: 2 });
    await handle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('devices')
        .values({
          mac: '02:00:00:00:30:03',
          mac_hex: '020000003003',
          device_key: 'ABCDEFGHJK',
          payment_type: 'free',
          owner_id: owner.id,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
      // In the main thread these would wait for the transaction, which waits for them: a deadlock.
      expect(await dashboard.counts(scope, new Date())).toMatchObject({ devicesCount: 2 });
    });
    expect(await dashboard.counts(scope, new Date())).toMatchObject({ devicesCount: 3 });
  });

  it('reports a bad statement as an error, and keeps answering', async () => {
    await expect(
      executeReadOnly(handle.db, {
        compile: () => ({
          sql: 'select * from no_such_table',
          parameters: [],
          query: null as never,
          queryId: null as never,
        }),
      }),
    ).rejects.toThrow(/no such table/);
    expect(
      await executeReadOnly(handle.db, handle.db.selectFrom('users').select('id').limit(1)),
    ).toHaveLength(1);
  });

  it("answers the TV app's lookups in their own thread: a lookup never waits for a scan", async () => {
    const owner = await insertReseller(handle);
    const mac = '02:00:00:00:20:01';
    await insertDevice(owner.id, mac);
    await insertDevice(owner.id, '02:00:00:00:20:02', null, 'KEYOFTWO22');
    // Busy: the lookups go to their reader thread (an idle server reads them in its own thread).
    const documents = createDeviceDocumentRepository(handle.db, () => true);
    const finished: string[] = [];
    // Scans that keep every scan reader busy (a few million rows counted) are sent first.
    const slowScan = sql<{ n: number }>`
      WITH RECURSIVE counter(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM counter WHERE n < 3000000)
      SELECT count(*) AS n FROM counter`;
    const scans = [1, 2].map(() =>
      executeReadOnly(handle.db, { compile: () => slowScan.compile(handle.db) }).then((rows) => {
        finished.push('scan');
        return rows;
      }),
    );
    // Enough lookups in one turn to be worth a message (a lone one is read in this thread).
    const asked = ['02:00:00:00:20:98', '02:00:00:00:20:02', mac, '02:00:00:00:20:99'];
    const lookups = Promise.all(asked.map((each) => documents.findByMac(each))).then((found) => {
      finished.push('lookups');
      return found;
    });
    // Each caller gets the row of the MAC it asked for, in whatever order the statement read them.
    const [unknown, second, first, alsoUnknown] = await lookups;
    expect(first).toMatchObject({ device_key: 'ABCDEFGHJK', is_banned: false, body: null });
    expect(second).toMatchObject({ device_key: 'KEYOFTWO22' });
    expect([unknown, alsoUnknown]).toEqual([undefined, undefined]);
    expect(await Promise.all(scans)).toEqual([[{ n: 3000000 }], [{ n: 3000000 }]]);
    expect(finished).toEqual(['lookups', 'scan', 'scan']);
  });
});

describe('a reader thread answering rows as JSON (prepareRead, rowsOf)', () => {
  // The values and names a scan may meet, on a connection of its own (the reader's code is the same).
  let raw: BetterSqlite3.Database;
  beforeAll(() => {
    raw = new SqliteDriver(':memory:');
    raw.exec(`CREATE TABLE sample (id INTEGER PRIMARY KEY, n INTEGER, r REAL, t TEXT, b BLOB)`);
    const insert = raw.prepare('INSERT INTO sample (id, n, r, t, b) VALUES (?, ?, ?, ?, ?)');
    insert.run(1, 2 ** 53 - 1, 0.1 + 0.2, 'quote " backslash \\ newline \n tab \t', null);
    insert.run(2, -7, 1e300, 'Éric 😀 \u0001 النظام', Buffer.from([0, 1]));
    insert.run(3, null, null, null, null);
    insert.run(4, 0, -1.5e-300, '', null);
  });
  afterAll(() => raw.close());

  const asRows = (sql: string, params: unknown[] = []) => raw.prepare(sql).all(params);
  const asJson = (sql: string, params: unknown[] = []) => {
    const read = prepareRead(raw, sql, true);
    return read.columns && rowsOf(read.columns, read.statement.get(params) as string);
  };

  it('gives the rows better-sqlite3 builds: integers, reals to the last digit, nulls, any text', () => {
    const sql =
      'SELECT id, n, r, t, n * 2 AS twice, r / 3 AS third FROM sample WHERE id < ? ORDER BY id DESC';
    expect(asJson(sql, [4])).toEqual(asRows(sql, [4]));
    expect(asJson(sql, [4])?.map((row) => row.id)).toEqual([3, 2, 1]);
    expect(asJson(sql, [0])).toEqual([]);
    // A count, a column renamed, a subquery and a CTE: what the app's scans are made of.
    const count = 'SELECT count(*) AS total, coalesce((SELECT max(n) FROM sample), 0) AS top FROM sample';
    expect(asJson(count)).toEqual([{ total: 4, top: 2 ** 53 - 1 }]);
    const cte =
      'WITH c(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM c WHERE k < 30) SELECT k FROM c ORDER BY k DESC';
    expect(asJson(cte)).toEqual(asRows(cte));
  });

  it('keeps the text of a JSON value as text', () => {
    const sql = `SELECT json_object('a', n) AS document FROM sample WHERE id = 1`;
    expect(asJson(sql)).toEqual([{ document: `{"a":${2 ** 53 - 1}}` }]);
  });

  it('answers as rows what JSON cannot carry or tell apart: a BLOB column, a name twice', () => {
    expect(prepareRead(raw, 'SELECT id, b FROM sample', true).columns).toBeNull();
    expect(prepareRead(raw, 'SELECT id, n AS id FROM sample', true).columns).toBeNull();
    expect(prepareRead(raw, 'SELECT id FROM sample', false).columns).toBeNull();
    expect(prepareRead(raw, 'SELECT id FROM sample', true).columns).toEqual(['id']);
  });

  it('serves a device page in its order, its dates and booleans as the main connection reads them', async () => {
    const owner = await insertReseller(handle);
    for (let i = 0; i < 30; i += 1)
      await insertDevice(owner.id, `02:00:00:00:50:${String(i).padStart(2, '0')}`, `Room ${i}`);
    const query = handle.db
      .selectFrom('devices')
      .select(['id', 'name', 'is_paid', 'created_at'])
      .where('owner_id', '=', owner.id)
      .orderBy('id', 'desc')
      .limit(25);
    const rows = await executeReadOnly(handle.db, query);
    expect(rows).toEqual(await query.execute());
    expect(rows[0]?.created_at).toBeInstanceOf(Date);
    expect(rows[0]?.is_paid).toBe(false);
    expect(rows.map((row) => row.name)).toEqual(Array.from({ length: 25 }, (_, i) => `Room ${29 - i}`));
  });
});
