import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, testDatabaseKind } from '../test/test-app';
import { type DatabaseHandle, openDatabase } from './index';
import { keptWhileUnchanged } from './kept-while-unchanged';
import { SqliteDriver } from './sqlite-driver';

type Row = { k: string; v: string };

describe('answers kept while the SQLite file is unchanged (decision 0058)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-'));
  const filename = path.join(dir, 'app.sqlite');
  let handle: DatabaseHandle;
  let reads = 0;
  const readRow = async (k: string): Promise<Row | undefined> => {
    reads += 1;
    return (await sql<Row>`SELECT k, v FROM pairs WHERE k = ${k}`.execute(handle.db)).rows[0];
  };
  beforeAll(async () => {
    handle = openDatabase({ kind: 'sqlite', filename, readers: 0 });
    await sql`CREATE TABLE pairs (k TEXT PRIMARY KEY, v TEXT)`.execute(handle.db);
    await sql`CREATE TABLE other (n INTEGER)`.execute(handle.db);
    await sql`INSERT INTO pairs VALUES ('a', 'one'), ('b', 'two')`.execute(handle.db);
  });
  afterAll(async () => {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a key from memory while nothing is written, each key its own answer, frozen', async () => {
    const kept = keptWhileUnchanged(handle.db, readRow);
    reads = 0;
    expect(await kept('a')).toEqual({ k: 'a', v: 'one' });
    expect(await kept('b')).toEqual({ k: 'b', v: 'two' });
    const again = await kept('a');
    expect(again).toEqual({ k: 'a', v: 'one' });
    expect(reads).toBe(2);
    expect(Object.isFrozen(again)).toBe(true);
  });

  it('reads again after any write on the connection, even to another table or rolled back', async () => {
    const kept = keptWhileUnchanged(handle.db, readRow);
    await kept('a');
    reads = 0;
    await sql`INSERT INTO other VALUES (1)`.execute(handle.db);
    await kept('a');
    expect(reads).toBe(1);
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`UPDATE pairs SET v = 'uno' WHERE k = 'a'`.execute(trx);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await kept('a')).toEqual({ k: 'a', v: 'one' });
    expect(reads).toBe(2);
    await sql`UPDATE pairs SET v = 'uno' WHERE k = 'a'`.execute(handle.db);
    expect(await kept('a')).toEqual({ k: 'a', v: 'uno' });
    expect(reads).toBe(3);
  });

  it('reads again after another process committed a change (the admin CLI beside the server)', async () => {
    const kept = keptWhileUnchanged(handle.db, readRow);
    expect(await kept('b')).toEqual({ k: 'b', v: 'two' });
    const cli = new SqliteDriver(filename);
    try {
      cli.prepare("UPDATE pairs SET v = 'deux' WHERE k = 'b'").run();
    } finally {
      cli.close();
    }
    // Another process's commit is seen from the next turn of the event loop (data_version is looked
    // at once a turn).
    await new Promise((resolve) => setImmediate(resolve));
    expect(await kept('b')).toEqual({ k: 'b', v: 'deux' });
  });

  it('keeps neither an answer read while a change was made nor a key that found nothing', async () => {
    const writingRead = async (k: string) => {
      const row = await readRow(k);
      await sql`INSERT INTO other VALUES (2)`.execute(handle.db);
      return row;
    };
    const kept = keptWhileUnchanged(handle.db, writingRead);
    reads = 0;
    await kept('a');
    await kept('a');
    expect(reads).toBe(2);

    const plain = keptWhileUnchanged(handle.db, readRow);
    reads = 0;
    expect(await plain('nobody')).toBeUndefined();
    expect(await plain('nobody')).toBeUndefined();
    expect(reads).toBe(2);
  });

  it('holds at most the given number of answers, then starts afresh', async () => {
    const kept = keptWhileUnchanged(handle.db, readRow, 1);
    await kept('a');
    await kept('b');
    reads = 0;
    await kept('b');
    expect(reads).toBe(0);
    await kept('a');
    expect(reads).toBe(1);
  });
});

describe.runIf(testDatabaseKind === 'postgres')('on PostgreSQL', () => {
  it('keeps nothing: every call reads', async () => {
    const { url, drop } = await createPostgresTestDatabase();
    const handle = openDatabase({ kind: 'postgres', url, poolSize: 1 });
    try {
      const read = async (k: string) => ({ k });
      expect(keptWhileUnchanged(handle.db, read)).toBe(read);
    } finally {
      await handle.destroy();
      await drop();
    }
  });
});
