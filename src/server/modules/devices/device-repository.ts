import type { Db } from '../../db';
import { keptWhileUnchanged } from '../../db/kept-while-unchanged';
import { prepareQueryOnce } from '../../db/prepared';
import type { DeviceRow } from '../../db/schema';

/**
 * What an activation writes on a device: its plan, payment, expiry, owner, and the client's name and
 * phone when given (kept as they are otherwise).
 */
export type DeviceActivation = {
  payment_type: DeviceRow['payment_type'];
  is_paid: boolean;
  paid_at: Date | null;
  expires_at: Date | null;
  owner_id: number | null;
  name?: string | null;
  phone?: string | null;
  updated_at: Date;
};

/**
 * Every column of a device, by name: a statement that names its columns keeps its result's shape when
 * a newer release adds one, so PostgreSQL may run it as a named statement inside transactions too
 * (nameInTransactions, db/index.ts), where `*` would make its connection refuse it after that migration.
 */
const deviceColumns = Object.keys({
  id: true,
  mac: true,
  mac_hex: true,
  device_key: true,
  name: true,
  phone: true,
  app_name: true,
  payment_type: true,
  is_paid: true,
  paid_at: true,
  expires_at: true,
  is_banned: true,
  owner_id: true,
  created_at: true,
  updated_at: true,
} satisfies Record<keyof DeviceRow, true>) as (keyof DeviceRow)[];

const byMac = prepareQueryOnce(1, (db, mac: string) =>
  db.selectFrom('devices').select(deviceColumns).where('mac', '=', mac),
);
const byId = prepareQueryOnce(1, (db, id: number) =>
  db.selectFrom('devices').select(deviceColumns).where('id', '=', id),
);

type ActivationArguments = [
  id: number,
  paymentType: DeviceRow['payment_type'],
  isPaid: boolean,
  paidAt: Date | null,
  expiresAt: Date | null,
  ownerId: number | null,
  name: string | null,
  phone: string | null,
  updatedAt: Date,
];

/** An activation's UPDATE, refused by its WHERE when the row no longer allows it; name and phone kept when null. */
function activationUpdate(
  db: Db,
  ...[id, paymentType, isPaid, paidAt, expiresAt, ownerId, name, phone, updatedAt]: ActivationArguments
) {
  return db
    .updateTable('devices')
    .set((eb) => ({
      payment_type: paymentType,
      is_paid: isPaid,
      paid_at: paidAt,
      expires_at: expiresAt,
      owner_id: ownerId,
      name: eb.fn.coalesce(eb.val(name), eb.ref('name')),
      phone: eb.fn.coalesce(eb.val(phone), eb.ref('phone')),
      updated_at: updatedAt,
    }))
    .where('id', '=', id)
    .where('is_banned', '=', false)
    .where('payment_type', '<>', 'lifetime');
}
const activationByAdmin = prepareQueryOnce(9, (db, ...args: ActivationArguments) =>
  activationUpdate(db, ...args).returning(deviceColumns),
);
const activationByReseller = prepareQueryOnce(10, (db, ownedBy: number, ...args: ActivationArguments) =>
  activationUpdate(db, ...args)
    .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', ownedBy)]))
    .returning(deviceColumns),
);

export function createDeviceRepository(db: Db) {
  return {
    async findByMac(mac: string): Promise<DeviceRow | undefined> {
      return (await byMac(db)(mac))[0];
    },
    async findById(id: number): Promise<DeviceRow | undefined> {
      return (await byId(db)(id))[0];
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
    async applyActivation(
      id: number,
      changes: DeviceActivation,
      ownedBy: number | null,
    ): Promise<DeviceRow | undefined> {
      const args: ActivationArguments = [
        id,
        changes.payment_type,
        changes.is_paid,
        changes.paid_at,
        changes.expires_at,
        changes.owner_id,
        changes.name ?? null,
        changes.phone ?? null,
        changes.updated_at,
      ];
      const [row] =
        ownedBy === null
          ? await activationByAdmin(db)(...args)
          : await activationByReseller(db)(ownedBy, ...args);
      return row;
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

const sessionWithDevice = prepareQueryOnce(1, (db, tokenHash: string) =>
  db
    .selectFrom('device_sessions')
    .innerJoin('devices', 'devices.id', 'device_sessions.device_id')
    .selectAll('devices')
    .select(['device_sessions.last_seen_at'])
    .where('device_sessions.token_hash', '=', tokenHash),
);

export function createDeviceSessionRepository(db: Db) {
  // Every device-page request reads its session with the device, compiled once; on SQLite the same
  // row is answered from memory while nothing is written, as a panel session is (decision 0058).
  const findSession = keptWhileUnchanged(
    db,
    async (tokenHash: string) => (await sessionWithDevice(db)(tokenHash))[0],
  );
  return {
    async insert(tokenHash: string, deviceId: number): Promise<void> {
      const now = new Date();
      await db
        .insertInto('device_sessions')
        .values({ token_hash: tokenHash, device_id: deviceId, created_at: now, last_seen_at: now })
        .execute();
    },
    findByTokenHash(tokenHash: string) {
      return findSession(tokenHash);
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
