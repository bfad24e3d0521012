import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * The panel's device list filters a reseller's devices by plan, payment, name, phone and partial MAC,
 * newest first, and shows a dozen columns of each. With all of them in one index, the count and the
 * page are read from the index alone, where a reseller's entries sit together, while its rows are
 * spread over the table (one page read each). It starts with (owner_id, id), so it replaces
 * devices_owner_idx. It costs about 150 MB per million devices.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema
    .createIndex('devices_owner_list_idx')
    .on('devices')
    .columns([
      // The key, then the filters, then what the list shows (PANEL_LIST_COLUMNS).
      'owner_id',
      'id',
      'payment_type',
      'is_paid',
      'name',
      'phone',
      'mac_hex',
      'mac',
      'app_name',
      'created_at',
      'paid_at',
      'expires_at',
      'is_banned',
    ])
    .execute();
  await db.schema.dropIndex('devices_owner_idx').execute();
}
