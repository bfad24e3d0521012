import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * Expiry events (decision 0013). `device_expiry_notices` remembers which (device, window, expiry
 * date) has had its event: its primary key is the guarantee that a notice is written, and so an
 * event recorded, once, whichever instance scans and however often. It starts with `expires_at`
 * so the scanner's purge of notices for long-past expiries reads a range of it.
 *
 * The scan reads one plan's devices by expiry: `devices_plan_expiry_idx` jumps straight to the
 * subscriptions expiring in a window, where `devices_expires_idx` would also walk every trial
 * (most devices registered in the last fortnight expire in the same days). About 40 MB per million
 * devices.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const ts = kind === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('device_expiry_notices')
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('window', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('device_expiry_notices_pkey', ['expires_at', 'device_id', 'window'])
    .execute();
  // Deleting a device looks up its notices (the foreign key's cascade).
  await db.schema
    .createIndex('device_expiry_notices_device_idx')
    .on('device_expiry_notices')
    .column('device_id')
    .execute();
  await db.schema
    .createIndex('devices_plan_expiry_idx')
    .on('devices')
    .columns(['payment_type', 'expires_at', 'id'])
    .execute();
}
