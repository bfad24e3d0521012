import type { Db } from '../../db';
import type { DeviceRow, DevicesTable } from '../../db/schema';
import type { Updateable } from 'kysely';

/** What an activation writes on a device: its plan, payment, expiry, owner and client details. */
export type DeviceActivation = Pick<
  Updateable<DevicesTable>,
  'payment_type' | 'is_paid' | 'paid_at' | 'expires_at' | 'owner_id' | 'name' | 'phone' | 'updated_at'
>;

export function createDeviceRepository(db: Db) {
  return {
    findByMac(mac: string): Promise<DeviceRow | undefined> {
      return db.selectFrom('devices').selectAll().where('mac', '=', mac).executeTakeFirst();
    },
    findById(id: number): Promise<DeviceRow | undefined> {
      return db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByIds(ids: number[]): Promise<DeviceRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('devices').selectAll().where('id', 'in', ids).execute();
    },
    /** Devices by normalised MAC, in one query (a bulk activation's at most 1,000 rows). */
    findByMacs(macs: string[]): Promise<DeviceRow[]> {
      if (macs.length === 0) return Promise.resolve([]);
      return db.selectFrom('devices').selectAll().where('mac', 'in', macs).execute();
    },
    /** Which of these devices have at least one playlist (a viewer's device, viewer-device.ts). */
    async idsWithPlaylists(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('playlists')
        .select('device_id')
        .distinct()
        .where('device_id', 'in', ids)
        .execute();
      return new Set(rows.map((row) => row.device_id));
    },
    /**
     * Writes an activation only if the row still allows it: not banned, not lifetime, and (for a
     * reseller, `ownedBy`) unowned or its own. Checked in the UPDATE itself, so a change committed
     * since the caller read the row (on PostgreSQL) cannot slip through: two resellers racing for one
     * unowned device cannot both win. Undefined when refused.
     */
    applyActivation(id: number, changes: DeviceActivation, ownedBy: number | null) {
      return db
        .updateTable('devices')
        .set(changes)
        .where('id', '=', id)
        .where('is_banned', '=', false)
        .where('payment_type', '<>', 'lifetime')
        .$if(ownedBy !== null, (qb) =>
          qb.where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', ownedBy)])),
        )
        .returningAll()
        .executeTakeFirst();
    },
    /**
     * Gives the device a new key and ends its device-page sessions and unclaimed pairing codes,
     * together: whoever held the old key (a squatter, a leak) loses the device at once, including a
     * code it asked for with that key. `keepSession` spares the one session that asked for the reset
     * (the viewer on the device page). The TV app's sign-in reads the key from device_documents,
     * which the triggers update in the same transaction. `record` runs in it too (the audit's event).
     */
    replaceKey(
      id: number,
      deviceKey: string,
      options: { keepSession?: string; record?: (trx: Db, row: DeviceRow) => Promise<void> } = {},
    ): Promise<DeviceRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('devices')
          .set({ device_key: deviceKey, updated_at: new Date() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        await trx
          .deleteFrom('device_sessions')
          .where('device_id', '=', id)
          .$if(options.keepSession !== undefined, (qb) => qb.where('token_hash', '<>', options.keepSession!))
          .execute();
        await trx.deleteFrom('pairing_codes').where('device_id', '=', id).execute();
        if (row && options.record) await options.record(trx, row);
        return row;
      });
    },
    /** Inserts unless the MAC exists; answers undefined on a duplicate (no exception, no race). */
    insertIfAbsent(device: {
      mac: string;
      deviceKey: string;
      appName: string | null;
      paymentType: string;
      expiresAt: Date | null;
    }): Promise<DeviceRow | undefined> {
      const now = new Date();
      return db
        .insertInto('devices')
        .values({
          mac: device.mac,
          mac_hex: device.mac.replace(/:/g, ''),
          device_key: device.deviceKey,
          app_name: device.appName,
          payment_type: device.paymentType,
          expires_at: device.expiresAt,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('mac').doNothing())
        .returningAll()
        .executeTakeFirst();
    },
  };
}
export type DeviceRepository = ReturnType<typeof createDeviceRepository>;

export function createDeviceSessionRepository(db: Db) {
  return {
    async insert(tokenHash: string, deviceId: number): Promise<void> {
      const now = new Date();
      await db
        .insertInto('device_sessions')
        .values({ token_hash: tokenHash, device_id: deviceId, created_at: now, last_seen_at: now })
        .execute();
    },
    findByTokenHash(tokenHash: string) {
      return db
        .selectFrom('device_sessions')
        .innerJoin('devices', 'devices.id', 'device_sessions.device_id')
        .selectAll('devices')
        .select(['device_sessions.last_seen_at'])
        .where('device_sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    async touch(tokenHash: string, at: Date): Promise<void> {
      await db
        .updateTable('device_sessions')
        .set({ last_seen_at: at })
        .where('token_hash', '=', tokenHash)
        .execute();
    },
    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom('device_sessions').where('token_hash', '=', tokenHash).execute();
    },
    /** Deletes the session; answers its device's id and MAC (undefined: there was none). */
    async deleteReturningDevice(tokenHash: string): Promise<Pick<DeviceRow, 'id' | 'mac'> | undefined> {
      const row = await db
        .deleteFrom('device_sessions')
        .where('token_hash', '=', tokenHash)
        .returning('device_id')
        .executeTakeFirst();
      if (!row) return undefined;
      return db
        .selectFrom('devices')
        .select(['id', 'mac'])
        .where('id', '=', row.device_id)
        .executeTakeFirst();
    },
  };
}
export type DeviceSessionRepository = ReturnType<typeof createDeviceSessionRepository>;
