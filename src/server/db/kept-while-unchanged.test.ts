import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allChangesHeard, createPostgresTestDatabase, insertUser, testDatabaseKind } from '../test/test-app';
import { type DatabaseHandle, openDatabase, postgresChangesOf } from './index';
import { migrateToLatest } from './migrate';
import type { PostgresChanges } from './postgres-changes';
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
    const kept = keptWhileUnchanged(handle.db, readRow, { keptAtMost: 1 });
    await kept('a');
    await kept('b');
    reads = 0;
    await kept('b');
    expect(reads).toBe(0);
    await kept('a');
    expect(reads).toBe(1);
  });
});

describe.runIf(testDatabaseKind === 'postgres')(
  'answers kept on PostgreSQL while nothing is heard of (decision 0063)',
  () => {
    let url: string;
    let drop: () => Promise<void>;
    let first: DatabaseHandle;
    let second: DatabaseHandle;
    let reads = 0;
    let userId: number;
    const readEmail = async (id: string): Promise<{ email: string } | undefined> => {
      reads += 1;
      return (
        await sql<{ email: string }>`SELECT email FROM users WHERE id = ${Number(id)}`.execute(first.db)
      ).rows[0];
    };
    // Taken once: each postgresChangesOf starts the listening connection if it is not connected, and
    // a test of its reconnecting by itself must not do that.
    let changes: PostgresChanges;
    const changesOfFirst = () => changes;
    const allHeard = () => allChangesHeard(first, second);
    const listeningIs = async (expected: boolean) => {
      for (let waited = 0; changesOfFirst().listening() !== expected; waited += 10) {
        if (waited > 5_000) throw new Error(`not ${expected ? 'listening' : 'deaf'} after 5 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    /** A kept read, once its instance listens (nothing is kept before). */
    const keptEmail = async () => {
      const kept = keptWhileUnchanged(first.db, readEmail, { postgres: true });
      await listeningIs(true);
      // Earlier tests' commits are heard of late otherwise, and forget what this one keeps.
      await allHeard();
      return kept;
    };

    beforeAll(async () => {
      ({ url, drop } = await createPostgresTestDatabase());
      first = openDatabase({ kind: 'postgres', url, poolSize: 2 });
      second = openDatabase({ kind: 'postgres', url, poolSize: 2 });
      await migrateToLatest(first);
      changes = postgresChangesOf(first.db)!;
      userId = (await insertUser(first, { email: 'kept@example.com' })).id;
    });
    afterAll(async () => {
      await first.destroy();
      await second.destroy();
      await drop();
    });

    it('answers from memory while nothing changes, frozen; a read not opted in is not kept', async () => {
      const kept = await keptEmail();
      reads = 0;
      expect(await kept(String(userId))).toEqual({ email: 'kept@example.com' });
      const again = await kept(String(userId));
      expect(reads).toBe(1);
      expect(Object.isFrozen(again)).toBe(true);
      const plain = async (k: string) => ({ k });
      expect(keptWhileUnchanged(first.db, plain)).toBe(plain);
    });

    it('forgets at once on a statement of its own process that may change users or sessions, without waiting to hear it', async () => {
      const kept = await keptEmail();
      await kept(String(userId));
      reads = 0;
      await sql`UPDATE users SET phone = '+1 555 0100' WHERE id = ${userId}`.execute(first.db);
      await kept(String(userId));
      expect(reads).toBe(1);
      // The update's own notification comes back too, and forgets again: heard before going on.
      await allHeard();
      await kept(String(userId));
      reads = 0;
      // A write naming neither table (a TV poll's guessing limits) keeps what was read.
      await sql`INSERT INTO attempt_counters (key, failures, window_started_at)
        VALUES ('kept-test', 1, now())`.execute(first.db);
      await kept(String(userId));
      expect(reads).toBe(0);
      // A statement it cannot tell about (DDL, a commit) forgets.
      await sql`CREATE TEMP TABLE IF NOT EXISTS scratch (n int)`.execute(first.db);
      await kept(String(userId));
      expect(reads).toBe(1);
    });

    it("hears another instance's commit to users or to sessions, and reads again", async () => {
      const kept = await keptEmail();
      await kept(String(userId));
      await sql`UPDATE users SET email = 'moved@example.com' WHERE id = ${userId}`.execute(second.db);
      // Until it is heard the answer kept may still be given (as if this call had come first).
      await allHeard();
      expect(await kept(String(userId))).toEqual({ email: 'moved@example.com' });

      reads = 0;
      await kept(String(userId));
      expect(reads).toBe(0);
      await sql`DELETE FROM sessions WHERE user_id = ${userId}`.execute(second.db);
      await allHeard();
      await kept(String(userId));
      expect(reads).toBe(1);
    });

    it('keeps nothing while its listening connection is lost, and keeps again once it listens', async () => {
      const kept = await keptEmail();
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query = 'LISTEN kept_reads_changed'`.execute(second.db);
      await listeningIs(false);
      reads = 0;
      await kept(String(userId));
      await kept(String(userId));
      expect(reads).toBe(2);
      // It connects again by itself.
      await listeningIs(true);
      await kept(String(userId));
      await kept(String(userId));
      expect(reads).toBe(3);
    });

    it('keeps neither an answer read while its process wrote nor a key that found nothing', async () => {
      const writingRead = async (k: string) => {
        const row = await readEmail(k);
        await sql`UPDATE users SET phone = NULL WHERE id = ${userId}`.execute(first.db);
        return row;
      };
      const kept = keptWhileUnchanged(first.db, writingRead, { postgres: true });
      await listeningIs(true);
      await allHeard();
      reads = 0;
      await kept(String(userId));
      await kept(String(userId));
      expect(reads).toBe(2);
      const plain = await keptEmail();
      reads = 0;
      expect(await plain('999999')).toBeUndefined();
      expect(await plain('999999')).toBeUndefined();
      expect(reads).toBe(2);
    });
  },
);
