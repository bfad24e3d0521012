import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * One row that /health writes and reads back: a database that answers reads but refuses writes
 * (a read-only replica after a failover, a full disk) is not healthy, and only a write shows it.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await db.schema
    .createTable('health_checks')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('checked_at', kind === 'postgres' ? 'timestamptz' : 'text', (c) => c.notNull())
    .execute();
}
