import { type Db, isSqlite } from '../../db';
import type { PlaylistRow } from '../../db/schema';

export type PlaylistWrite = {
  name: string;
  url: string;
  is_account: boolean;
  pin_hash: string | null;
  notes: string | null;
  epg_url: string | null;
  probe_result: string | null;
  probed_at: Date | null;
};

export function createPlaylistRepository(db: Db) {
  return {
    listForDevice(deviceId: number): Promise<PlaylistRow[]> {
      return db.selectFrom('playlists').selectAll().where('device_id', '=', deviceId).orderBy('id').execute();
    },
    /** Several devices' playlists at once (filling stale device documents in bulk). */
    listForDevices(deviceIds: number[]): Promise<PlaylistRow[]> {
      if (deviceIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('playlists')
        .selectAll()
        .where('device_id', 'in', deviceIds)
        .orderBy('device_id')
        .orderBy('id')
        .execute();
    },
    /** Scoped to the device: another device's playlist id finds nothing. */
    findForDevice(deviceId: number, id: number): Promise<PlaylistRow | undefined> {
      return db
        .selectFrom('playlists')
        .selectAll()
        .where('device_id', '=', deviceId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /**
     * Inserts unless the device already holds `cap` playlists (answers undefined then). Call it on
     * the repository of a transaction (the service's): the count and the insert are then one
     * transaction that parallel adds cannot interleave. On PostgreSQL the device row's lock queues
     * them, so each count (a fresh snapshot under READ COMMITTED) sees the rows committed before it;
     * on SQLite a transaction holds the only connection until it ends.
     */
    async insertUnderCap(
      deviceId: number,
      playlist: PlaylistWrite,
      cap: number,
    ): Promise<PlaylistRow | undefined> {
      if (!isSqlite(db)) {
        await db.selectFrom('devices').select('id').where('id', '=', deviceId).forUpdate().execute();
      }
      const { count } = await db
        .selectFrom('playlists')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('device_id', '=', deviceId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= cap) return undefined;
      const now = new Date();
      return db
        .insertInto('playlists')
        .values({ ...playlist, device_id: deviceId, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    update(id: number, playlist: PlaylistWrite): Promise<PlaylistRow> {
      return db
        .updateTable('playlists')
        .set({ ...playlist, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** The panel's view: playlists of the devices one reseller owns (all for an admin), with each device's MAC. */
    listForOwner(ownerId: number | undefined, limit = 1000) {
      return db
        .selectFrom('playlists')
        .innerJoin('devices', 'devices.id', 'playlists.device_id')
        .selectAll('playlists')
        .select(['devices.mac', 'devices.owner_id'])
        .$if(ownerId !== undefined, (qb) => qb.where('devices.owner_id', '=', ownerId as number))
        .orderBy('playlists.id', 'desc')
        .limit(limit)
        .execute();
    },
    findWithOwner(id: number) {
      return db
        .selectFrom('playlists')
        .innerJoin('devices', 'devices.id', 'playlists.device_id')
        .select(['playlists.id', 'playlists.device_id', 'devices.owner_id', 'devices.mac'])
        .where('playlists.id', '=', id)
        .executeTakeFirst();
    },
    async delete(id: number): Promise<void> {
      await db.deleteFrom('playlists').where('id', '=', id).execute();
    },
  };
}
export type PlaylistRepository = ReturnType<typeof createPlaylistRepository>;
