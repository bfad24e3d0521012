import type { DeviceFields } from '../../../shared/api/device';
import type { DeviceRow } from '../../db/schema';
import { type IsoText, isoText } from '../../db/timestamps';

/**
 * The columns every view of a device is made from, its timestamps as Dates or as the ISO text a list
 * reads them as (executeReadOnly's `timestamps: 'text'`).
 */
export type DeviceFieldColumns = Pick<
  DeviceRow,
  'id' | 'mac' | 'name' | 'phone' | 'app_name' | 'is_paid' | 'payment_type' | 'is_banned'
> & {
  created_at: Date | IsoText;
  paid_at: Date | IsoText | null;
  expires_at: Date | IsoText | null;
};

const timestampText = (at: Date | IsoText): IsoText => (typeof at === 'string' ? at : isoText(at));

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
    created_at: timestampText(row.created_at),
    paid: row.is_paid,
    date_payment: row.paid_at ? timestampText(row.paid_at) : null,
    payment_type: row.payment_type,
    banned: row.is_banned,
    expired_date: row.expires_at ? timestampText(row.expires_at) : null,
  };
}
