import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * Pairing codes (docs/architecture.md §6.13): the short code a TV shows so a phone can open its device
 * page without typing the MAC and key. Only the code's SHA-256 is stored; a code is used once
 * (`used_at`) and lives ten minutes. Codes go with their device, and a key reset deletes them.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const pg = kind === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('pairing_codes')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  // A key reset deletes a device's codes; a clean-up of old codes reads them by expiry.
  await db.schema.createIndex('pairing_codes_device_idx').on('pairing_codes').column('device_id').execute();
  await db.schema.createIndex('pairing_codes_expires_idx').on('pairing_codes').column('expires_at').execute();
}
