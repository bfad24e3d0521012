import type { DeviceFields } from '../../../shared/api/device';
import type { DeviceRow } from '../../db/schema';

/** The columns every view of a device is made from. */
export type DeviceFieldColumns = Pick<
  DeviceRow,
  | 'id'
  | 'mac'
  | 'name'
  | 'phone'
  | 'app_name'
  | 'created_at'
  | 'is_paid'
  | 'paid_at'
  | 'payment_type'
  | 'is_banned'
  | 'expires_at'
>;

/**
 * A device row as every view shows it (the TV app's answer, the device page, the panel), in the
 * contract's names and order. The TV app's stored answers are built from it, so its key order is
 * part of what they contain.
 */
export function toDeviceFields(row: DeviceFieldColumns): DeviceFields {
  return {
    id: row.id,
    mac: row.mac,
    name: row.name,
    phone: row.phone,
    app_name: row.app_name,
    created_at: row.created_at.toISOString(),
    paid: row.is_paid,
    date_payment: row.paid_at?.toISOString() ?? null,
    payment_type: row.payment_type,
    banned: row.is_banned,
    expired_date: row.expires_at?.toISOString() ?? null,
  };
}
