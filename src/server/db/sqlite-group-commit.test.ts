import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Generated, Kysely, type SqliteDatabase, sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openSqlite } from './sqlite';
import { SqliteDriver } from './sqlite-driver';
import { GroupCommitSqliteDialect } from './sqlite-group-commit';

interface Tables {
  items: { id: Generated<number>; name: string };
  owners: { id: number };
  owned: { id: number; owner_id: number };
}

describe('SQLite group commit (decision 0042)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
  const opened: Array<Kysely<Tables>> = [];
  afterAll(async () => {
    for (const db of opened) await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A real SQLite file behind the dialect; `commits` counts the COMMIT statements it ran. */
  async function open(name: string) {
    const filename = path.join(dir, `${name}.sqlite`);
    const { raw, database } = openSqlite(filename);
    const counted = { commits: 0 };
    const counting: SqliteDatabase = {
      close: () => database.close(),
      prepare(text: string) {
        if (text === 'commit') counted.commits += 1;
        return database.prepare(text);
      },
    };
    const db = new Kysely<Tables>({
      dialect: new GroupCommitSqliteDialect({ database: counting, inTransaction: () => raw.inTransaction }),
    });
    opened.push(db);
    await sql`create table items (id integer primary key, name text not null)`.execute(db);
    await sql`create table owners (id integer primary key)`.execute(db);
    await sql`create table owned (id integer primary key, owner_id integer not null
      references owners (id) deferrable initially deferred)`.execute(db);
    /** Another connection to the file: it sees only what was committed. */
    const committedNames = () => {
      const other = new SqliteDriver(filename, { readonly: true });
      try {
        return (other.prepare('select name from items order by id').all() as Array<{ name: string }>).map(
          (row) => row.name,
        );
      } finally {
        other.close();
      }
    };
    return { db, raw, counted, committedNames };
  }

  const insert = (db: Kysely<Tables>, name: string) =>
    db.transaction().execute((trx) => trx.insertInto('items').values({ name }).execute());

  it('commits the transactions of one turn once, and each caller hears of it only after that commit', async () => {
    const { db, counted, committedNames } = await open('shared');
    const before = counted.commits;
    const seenAtAnswer: string[][] = [];
    await Promise.all(
      ['a', 'b', 'c', 'd'].map((name) => insert(db, name).then(() => seenAtAnswer.push(committedNames()))),
    );
    expect(counted.commits - before).toBe(1);
    // Every caller, when answered, finds all four rows in the file from another connection.
    expect(seenAtAnswer).toEqual([
      ['a', 'b', 'c', 'd'],
      ['a', 'b', 'c', 'd'],
      ['a', 'b', 'c', 'd'],
      ['a', 'b', 'c', 'd'],
    ]);
  });

  it('commits again in a later turn, and alone when alone', async () => {
    const { db, counted, committedNames } = await open('turns');
    const before = counted.commits;
    await insert(db, 'first');
    await insert(db, 'second');
    expect(counted.commits - before).toBe(2);
    expect(committedNames()).toEqual(['first', 'second']);
  });

  it('rolls back a failing transaction alone: the others of its turn commit', async () => {
    const { db, committedNames } = await open('rollback');
    const failing = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name: 'undone' }).execute();
      throw new Error('refused');
    });
    const results = await Promise.allSettled([insert(db, 'kept-1'), failing, insert(db, 'kept-2')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedNames()).toEqual(['kept-1', 'kept-2']);
  });

  it('answers a statement outside any transaction after the commit of the turn it ran in', async () => {
    const { db, committedNames } = await open('outside');
    const writing = insert(db, 'in-turn');
    const reading = db
      .selectFrom('items')
      .select('name')
      .execute()
      .then((rows) => {
        // It saw the transaction's row: by the time it answers, that row is committed.
        expect(rows.map((row) => row.name)).toEqual(['in-turn']);
        expect(committedNames()).toEqual(['in-turn']);
      });
    await Promise.all([writing, reading]);
  });

  it('fails every transaction of the turn when its commit fails, and keeps none of their writes', async () => {
    const { db, committedNames } = await open('commit-fails');
    // A deferred foreign key is checked at the commit: the savepoint's release passes, the commit fails.
    const orphan = db
      .transaction()
      .execute((trx) => trx.insertInto('owned').values({ id: 1, owner_id: 404 }).execute());
    const results = await Promise.allSettled([insert(db, 'lost-1'), orphan, insert(db, 'lost-2')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committedNames()).toEqual([]);
    // The connection is usable again afterwards.
    await insert(db, 'after');
    expect(committedNames()).toEqual(['after']);
  });

  it('fails the turn when SQLite ended its transaction before the commit', async () => {
    const { db, committedNames } = await open('ended');
    const beforeIt = insert(db, 'before-it');
    const ending = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name: 'ending' }).execute();
      // What SQLite does itself on a full disk or an I/O error: the whole transaction is rolled back.
      await sql`rollback`.execute(trx);
      throw new Error('disk full');
    });
    const results = await Promise.allSettled([beforeIt, ending]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/ended the transaction/);
    // The transaction whose error ended it keeps that error.
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/disk full/);
    expect(committedNames()).toEqual([]);
    await insert(db, 'after');
    expect(committedNames()).toEqual(['after']);
  });

  it("commits under a test's fake timers", async () => {
    const { db, committedNames } = await open('fake-timers');
    vi.useFakeTimers();
    await insert(db, 'timeless');
    expect(committedNames()).toEqual(['timeless']);
  });

  it('commits an open turn when the database closes', async () => {
    const { db, raw } = await open('destroy');
    const pending = db
      .transaction()
      .execute((trx) => trx.insertInto('items').values({ name: 'last' }).execute());
    void pending.catch(() => {});
    // destroy() queues behind the transaction and commits its turn before closing.
    opened.splice(opened.indexOf(db), 1);
    await db.destroy();
    await pending;
    expect(raw.open).toBe(false);
    const reopened = new SqliteDriver(path.join(dir, 'destroy.sqlite'), { readonly: true });
    expect(reopened.prepare('select name from items').all()).toEqual([{ name: 'last' }]);
    reopened.close();
  });
});
