import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../index';

/** The tables whose commits every PostgreSQL server process hears of (docs/decisions/0063). */
const WATCHED = ['users', 'sessions'];

/**
 * PostgreSQL only: a commit that changed `users` or `sessions` notifies the `kept_reads_changed`
 * channel (the payload is the table's name), so every server process, listening, forgets the panel
 * sessions it answers from memory (keptWhileUnchanged). Triggers, so no instance, tool or hand-typed
 * statement can change a session or an account unheard. One per statement, and PostgreSQL sends
 * a transaction's identical notifications once, at its commit. SQLite needs none: one process
 * writes, and it counts its writes (decision 0058).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  if (kind !== 'postgres') return;
  await sql`
    CREATE FUNCTION kept_reads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('kept_reads_changed', TG_TABLE_NAME);
      RETURN NULL;
    END $$`.execute(db);
  for (const table of WATCHED)
    await sql`CREATE TRIGGER ${sql.raw(`${table}_kept_reads_changed`)}
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION kept_reads_changed()`.execute(db);
}
