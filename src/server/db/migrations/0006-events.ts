import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * The domain-event outbox (decision 0009): `events` is what happened, written in the transaction of
 * the change; `event_deliveries` is one row per (event, consumer), claimed by the outbox worker after
 * commit, so each consumer retries on its own and several instances never deliver one row twice.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const pg = kind === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';
  const id = pg ? ('serial' as const) : ('integer' as const);
  const autoId = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T): T =>
    pg ? c.primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('events')
    .addColumn('id', id, autoId)
    .addColumn('type', 'text', (c) => c.notNull())
    // No foreign keys: the log outlives the accounts and devices it names.
    .addColumn('actor_id', 'integer')
    .addColumn('subject', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('event_deliveries')
    .addColumn('id', id, autoId)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('consumer', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('available_at', ts, (c) => c.notNull())
    .addColumn('locked_until', ts)
    .addColumn('claim_token', 'text')
    .addColumn('last_error', 'text')
    .addColumn('done_at', ts)
    .addColumn('failed_at', ts)
    .execute();
  // The worker's scan: only deliveries still to do, oldest first.
  await db.schema
    .createIndex('event_deliveries_pending_idx')
    .on('event_deliveries')
    .columns(['available_at', 'id'])
    .where(sql.ref('done_at'), 'is', null)
    .where(sql.ref('failed_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('event_deliveries_event_idx')
    .on('event_deliveries')
    .columns(['event_id'])
    .execute();
}
