import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * Guessing-limit counters on PostgreSQL skip the write-ahead log (decision 0019). Without
 * Redis every sign-in, the TV app's poll included, counts and gives back attempts in this table; as an
 * unlogged table those writes need no WAL record and their commits no flush. What that gives up: after
 * a crash of the database server the table is emptied (counts and locks start again), and standbys do
 * not have it. A counter is worth less than a WAL flush on every poll; with REDIS_URL the table is not
 * used for counting at all. SQLite has no such setting (and counts in memory there).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  if (kind === 'postgres') await sql`ALTER TABLE attempt_counters SET UNLOGGED`.execute(db);
}
