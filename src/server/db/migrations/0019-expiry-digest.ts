import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * The daily expiry digest (docs/architecture.md §6.16):
 * - `users.has_expiry_digest`: the account wants the e-mail (the account screen's opt-out); is_/has_ names
 *   are what the SQLite dialect reads as booleans.
 * - `expiry_digest_runs`: one row per UTC day, written by the instance that runs that day's digest;
 *   its primary key is why a day is never sent twice, across instances and restarts.
 * - `expiry_digest_items`: each device a digest listed, by list and expiry date; its primary key is
 *   why a device is never listed twice for the same window (a renewal moves the date: a new item).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const pg = kind === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';
  const bool = pg ? 'boolean' : 'integer';
  await db.schema
    .alterTable('users')
    .addColumn('has_expiry_digest', bool, (c) => c.notNull().defaultTo(pg ? true : 1))
    .execute();
  await db.schema
    .createTable('expiry_digest_runs')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('started_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('expiry_digest_items')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('expiry_digest_items_pkey', ['device_id', 'list', 'expires_at'])
    .execute();
  // Old items are purged by date.
  await db.schema
    .createIndex('expiry_digest_items_expires_idx')
    .on('expiry_digest_items')
    .column('expires_at')
    .execute();
}
