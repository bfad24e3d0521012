import type { Db } from '../../db';
import type { DeviceRow } from '../../db/schema';

/**
 * An unowned device that is paid and not expired, or that has playlists, is a viewer's (docs/architecture.md
 * section 6): a reseller who activated it would become its owner and see its key and playlists, so it
 * needs the viewer's consent, the device key. A fresh trial with nothing on it is the normal case of a
 * customer asking a reseller to activate their new TV.
 */
export function belongsToViewer(
  device: Pick<DeviceRow, 'owner_id' | 'is_paid' | 'expires_at'>,
  hasPlaylists: boolean,
  now = new Date(),
): boolean {
  if (device.owner_id !== null) return false;
  const paidAndRunning = device.is_paid && (device.expires_at === null || device.expires_at > now);
  return paidAndRunning || hasPlaylists;
}

export async function deviceHasPlaylists(db: Db, deviceId: number): Promise<boolean> {
  const row = await db
    .selectFrom('playlists')
    .select('id')
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * `belongsToViewer` with the device's playlists read only when the answer depends on them: an owned
 * device, or a paid and running one, is answered from its row (activation reads this for every
 * device, and nearly all are a reseller's own).
 */
export async function isViewersDevice(
  db: Db,
  device: Pick<DeviceRow, 'id' | 'owner_id' | 'is_paid' | 'expires_at'>,
  now = new Date(),
): Promise<boolean> {
  if (device.owner_id !== null) return false;
  if (belongsToViewer(device, false, now)) return true;
  return deviceHasPlaylists(db, device.id);
}
