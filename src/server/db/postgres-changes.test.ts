import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, testDatabaseKind } from '../test/test-app';
import { type DatabaseHandle, openDatabase } from './index';
import { migrateToLatest } from './migrate';
import { mayChangeWatched, WATCHED_TABLES } from './postgres-changes';

describe('which statements may change what a PostgreSQL server keeps (mayChangeWatched)', () => {
  it('a plain SELECT does not, even one naming users or locking rows', () => {
    expect(mayChangeWatched('select "users".* from "users" inner join "sessions" on 1 = 1')).toBe(false);
    expect(mayChangeWatched('  SELECT id FROM users WHERE id = $1 FOR UPDATE')).toBe(false);
  });

  it('an INSERT, UPDATE, DELETE or CTE naming neither watched table does not', () => {
    expect(
      mayChangeWatched(
        '\n      INSERT INTO attempt_counters AS c (key, failures) SELECT key, 0 FROM unnest($1::text[]) AS key',
      ),
    ).toBe(false);
    expect(mayChangeWatched('update "devices" set "name" = $1 where "id" = $2 returning *')).toBe(false);
    expect(mayChangeWatched('delete from "device_sessions" where "token_hash" = $1')).toBe(false);
    expect(
      mayChangeWatched(
        'WITH input AS (SELECT * FROM unnest($1::text[]) AS i(key)), counted AS (INSERT INTO attempt_counters AS c (key) SELECT key FROM input RETURNING c.key) SELECT key FROM counted',
      ),
    ).toBe(false);
  });

  it('one naming a watched table does, quoted, schema-qualified or in a subquery', () => {
    expect(mayChangeWatched('update "users" set "credits" = "credits" - $1 where "id" = $2')).toBe(true);
    expect(mayChangeWatched('DELETE FROM public.sessions WHERE user_id = $1')).toBe(true);
    expect(
      mayChangeWatched('insert into "notifications" ("user_id") select "id" from "users" where "role" = $1'),
    ).toBe(true);
    expect(mayChangeWatched('with gone as (delete from sessions where id = $1 returning id) select 1')).toBe(
      true,
    );
  });

  it('anything else does: commit, TRUNCATE, SET, DDL', () => {
    for (const text of [
      'commit',
      'begin',
      'SET statement_timeout = 0',
      'CREATE TEMP TABLE scratch (n int)',
      'TRUNCATE attempt_counters',
    ]) {
      expect(mayChangeWatched(text), text).toBe(true);
    }
  });
});

/**
 * mayChangeWatched trusts a statement that names neither watched table to leave them alone: true only
 * while nothing in the schema carries a change into them from elsewhere. A trigger, rule or view added
 * by a later migration that does fails here, and must either name the tables in its statements' text
 * or make mayChangeWatched count those statements.
 */
describe.runIf(testDatabaseKind === 'postgres')(
  'the schema carries no change into users or sessions from a statement that does not name them',
  () => {
    let drop: () => Promise<void>;
    let handle: DatabaseHandle;
    const names = new RegExp(`\\b(?:${WATCHED_TABLES.join('|')})\\b`, 'i');
    beforeAll(async () => {
      const created = await createPostgresTestDatabase();
      drop = created.drop;
      handle = openDatabase({ kind: 'postgres', url: created.url, poolSize: 1 });
      await migrateToLatest(handle);
    });
    afterAll(async () => {
      await handle.destroy();
      await drop();
    });

    it('no function but the notifying trigger names them', async () => {
      const { rows } = await sql<{ proname: string; prosrc: string }>`
        SELECT p.proname, p.prosrc FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = current_schema()`.execute(handle.db);
      expect(rows.map((row) => row.proname)).toContain('kept_reads_changed');
      const naming = rows.filter((row) => row.proname !== 'kept_reads_changed' && names.test(row.prosrc));
      expect(naming.map((row) => row.proname)).toEqual([]);
    });

    it("no foreign key of theirs acts on another table's delete or update", async () => {
      const { rows } = await sql<{ conname: string; target: string; on_delete: string; on_update: string }>`
        SELECT conname, confrelid::regclass::text AS target, confdeltype AS on_delete, confupdtype AS on_update
        FROM pg_constraint
        WHERE contype = 'f' AND conrelid::regclass::text = ANY(${[...WATCHED_TABLES]}::text[])`.execute(
        handle.db,
      );
      // sessions.user_id cascades from users: a statement deleting users names them.
      expect(rows.length).toBeGreaterThan(0);
      const acting = rows.filter(
        (row) =>
          !(WATCHED_TABLES as readonly string[]).includes(row.target) &&
          !(['a', 'r'].includes(row.on_delete) && ['a', 'r'].includes(row.on_update)),
      );
      expect(acting.map((row) => row.conname)).toEqual([]);
    });

    it('no rule, and no view over them', async () => {
      const rules = await sql<{ rulename: string }>`
        SELECT rulename FROM pg_rules WHERE schemaname = current_schema()`.execute(handle.db);
      expect(rules.rows).toEqual([]);
      const views = await sql<{ viewname: string; definition: string }>`
        SELECT viewname, definition FROM pg_views WHERE schemaname = current_schema()`.execute(handle.db);
      expect(views.rows.filter((view) => names.test(view.definition)).map((view) => view.viewname)).toEqual(
        [],
      );
    });
  },
);
