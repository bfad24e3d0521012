import type { Db } from '../../db';

/** playlist_probes (migration 0014): each device's recent probes, by hash of the probed address. */
export function createPlaylistProbeRepository(db: Db) {
  return {
    /** Keeps the latest probe of this address for the device, and drops the device's probes older than `keepSince`. */
    async record(
      probe: { deviceId: number; targetHash: string; result: string; probedAt: Date },
      keepSince: Date,
    ): Promise<void> {
      await db
        .deleteFrom('playlist_probes')
        .where('device_id', '=', probe.deviceId)
        .where('probed_at', '<', keepSince)
        .execute();
      await db
        .insertInto('playlist_probes')
        .values({
          device_id: probe.deviceId,
          target_hash: probe.targetHash,
          result: probe.result,
          probed_at: probe.probedAt,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['device_id', 'target_hash'])
            .doUpdateSet({ result: probe.result, probed_at: probe.probedAt }),
        )
        .execute();
    },

    /** The device's probe of this address if it ran since `since`. */
    findSince(deviceId: number, targetHash: string, since: Date) {
      return db
        .selectFrom('playlist_probes')
        .select(['result', 'probed_at'])
        .where('device_id', '=', deviceId)
        .where('target_hash', '=', targetHash)
        .where('probed_at', '>=', since)
        .executeTakeFirst();
    },
  };
}
export type PlaylistProbeRepository = ReturnType<typeof createPlaylistProbeRepository>;
