import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * The whole domain model. Column types differ per database only where SQLite lacks a type
 * (boolean, timestamptz); db/sqlite.ts converts values so both return the same JS types.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const pg = kind === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';
  const bool = pg ? 'boolean' : 'integer';
  const id = pg ? ('serial' as const) : ('integer' as const);
  const autoId = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T): T =>
    pg ? c.primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('users')
    .addColumn('id', id, autoId)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('phone', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'reseller', 'sub_reseller')`))
    .addColumn('parent_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('credits', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`credits >= 0`),
    )
    .addColumn('is_banned', bool, (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_parent_idx').on('users').columns(['parent_id', 'id']).execute();
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_seen_at', ts, (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', id, autoId)
    .addColumn('mac', 'text', (c) => c.notNull().unique())
    .addColumn('mac_hex', 'text', (c) => c.notNull())
    .addColumn('device_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('phone', 'text')
    .addColumn('app_name', 'text')
    .addColumn('payment_type', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('is_paid', bool, (c) => c.notNull().defaultTo(false))
    .addColumn('paid_at', ts)
    .addColumn('expires_at', ts)
    .addColumn('is_banned', bool, (c) => c.notNull().defaultTo(false))
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  // The panel lists a reseller's devices newest first, and filters by plan; the TV app looks up by mac (unique).
  await db.schema.createIndex('devices_owner_idx').on('devices').columns(['owner_id', 'id']).execute();
  await db.schema
    .createIndex('devices_payment_type_idx')
    .on('devices')
    .columns(['payment_type', 'id'])
    .execute();
  await db.schema.createIndex('devices_expires_idx').on('devices').column('expires_at').execute();
  await db.schema.createIndex('devices_mac_hex_idx').on('devices').column('mac_hex').execute();

  await db.schema
    .createTable('device_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_seen_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_sessions_device_idx')
    .on('device_sessions')
    .column('device_id')
    .execute();

  await db.schema
    .createTable('playlists')
    .addColumn('id', id, autoId)
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('is_account', bool, (c) => c.notNull().defaultTo(false))
    .addColumn('pin_hash', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('playlists_device_idx').on('playlists').columns(['device_id', 'id']).execute();

  await db.schema
    .createTable('credit_transactions')
    .addColumn('id', id, autoId)
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('add', 'remove', 'transfer', 'activation')`),
    )
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('receiver_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('set null'))
    .addColumn('plan', 'text')
    .addColumn('balance_after', 'integer')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_tx_sender_idx')
    .on('credit_transactions')
    .columns(['sender_id', 'id'])
    .execute();
  await db.schema
    .createIndex('credit_tx_receiver_idx')
    .on('credit_transactions')
    .columns(['receiver_id', 'id'])
    .execute();

  await db.schema
    .createTable('links')
    .addColumn('id', id, autoId)
    .addColumn('version', 'text')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('client_registrations')
    .addColumn('id', id, autoId)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('mac', 'text', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Pending'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_registrations_status_idx')
    .on('client_registrations')
    .columns(['status', 'id'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', id, autoId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('is_read', bool, (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'is_read', 'id'])
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', id, autoId)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('is_read', bool, (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('attempt_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', ts, (c) => c.notNull())
    .addColumn('locked_until_at', ts)
    .execute();
}
