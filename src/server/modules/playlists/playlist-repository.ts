import type { Db } from '../../db';
import type { PlaylistRow } from '../../db/schema';

export type PlaylistWrite = {
  name: string;
  url: string;
  is_account: boolean;
  pin_hash: string | null;
  notes: string | null;
};

export function createPlaylistRepository(db: Db) {
  return {
    listForDevice(deviceId: number): Promise<PlaylistRow[]> {
      return db.selectFrom('playlists').selectAll().where('device_id', '=', deviceId).orderBy('id').execute();
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
    async countForDevice(deviceId: number): Promise<number> {
      const row = await db
        .selectFrom('playlists')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('device_id', '=', deviceId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    insert(deviceId: number, playlist: PlaylistWrite): Promise<PlaylistRow> {
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
    async delete(id: number): Promise<void> {
      await db.deleteFrom('playlists').where('id', '=', id).execute();
    },
  };
}
export type PlaylistRepository = ReturnType<typeof createPlaylistRepository>;
