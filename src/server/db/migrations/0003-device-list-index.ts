import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * The panel's device list filters a reseller's devices by plan, payment, name, phone and partial MAC,
 * newest first. With every one of those columns in one index, the count and the page's ids are read
 * from the index alone (a reseller's entries sit together there, while its rows are spread over the
 * table). It starts with (owner_id, id), so it replaces devices_owner_idx.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema
    .createIndex('devices_owner_list_idx')
    .on('devices')
    .columns(['owner_id', 'id', 'payment_type', 'is_paid', 'name', 'phone', 'mac_hex'])
    .execute();
  await db.schema.dropIndex('devices_owner_idx').execute();
}
