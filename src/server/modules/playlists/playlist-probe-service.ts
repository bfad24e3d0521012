import { createHash } from 'node:crypto';
import { buildAccountUrl } from '../../../shared/api/playlist';
import { type LastProbe, type ProbeResult, probeResultSchema } from '../../../shared/api/playlist-probe';
import type { GuessingLimits, PlaylistProbeSettings } from '../../config';
import { tooManyAttempts } from '../../errors';
import type { AttemptLimiter } from '../security/attempt-limiter';
import type { PlaylistProbeRepository } from './playlist-probe-repository';
import { probeM3u, probeXtream } from './playlist-probe';

/** A probe is picked up by a save of the same address within this time (the form probes, then saves). */
const PROBE_KEPT_MS = 60 * 60_000;

export type ProbeTarget = { url: string } | { server: string; username: string; password: string };

/** The address a playlist stores for a target: the M3U URL, or the account's get.php URL. */
export function storedUrlOf(target: ProbeTarget): string {
  return 'url' in target ? target.url : buildAccountUrl(target.server, target.username, target.password);
}

/** Probes are found again by a hash of the address, so an account's password is not stored twice. */
export function targetHashOf(storedUrl: string): string {
  return createHash('sha256').update(storedUrl).digest('hex');
}

/**
 * Probing a user-given playlist (issue 16): M3U files are downloaded and counted, Xtream accounts asked
 * about through player_api.php, both through outboundRequest's address policy (docs/architecture.md
 * §6.11). Each probe counts against its device's and its client address's allowance, so nobody can
 * turn the server into a scanner or a downloader; the result is kept so the save that follows stores
 * it with the playlist.
 */
export function createPlaylistProbeService(deps: {
  probes: PlaylistProbeRepository;
  limiter: AttemptLimiter;
  limits: GuessingLimits;
  settings: PlaylistProbeSettings;
}) {
  const { probes, limiter, limits, settings } = deps;
  const window = { windowMs: limits.probeWindowMs, lockMs: limits.probeWindowMs };

  async function countProbe(deviceId: number, ip: string): Promise<void> {
    // Every probe counts, answered or not: the limits are on the work the server does for a caller.
    const states = await limiter.reserve([
      { key: `probe:device:${deviceId}`, rule: { ...window, maxFailures: limits.probesPerDevice } },
      { key: `probe:ip:${ip}`, rule: { ...window, maxFailures: limits.probesPerIp } },
    ]);
    const locked = states.find((state) => state.locked);
    if (locked?.locked) throw tooManyAttempts('too_many_attempts', locked.retryAfterMs);
  }

  return {
    async probe(deviceId: number, ip: string, target: ProbeTarget): Promise<ProbeResult> {
      await countProbe(deviceId, ip);
      const result =
        'url' in target ? await probeM3u(target.url, settings) : await probeXtream(target, settings);
      await probes.record(
        {
          deviceId,
          targetHash: targetHashOf(storedUrlOf(target)),
          result: JSON.stringify(result),
          probedAt: new Date(),
        },
        new Date(Date.now() - PROBE_KEPT_MS),
      );
      return result;
    },

    /** The device's recent probe of the address a playlist is being saved with, if any. */
    async recentProbeOf(deviceId: number, storedUrl: string): Promise<LastProbe | null> {
      const row = await probes.findSince(
        deviceId,
        targetHashOf(storedUrl),
        new Date(Date.now() - PROBE_KEPT_MS),
      );
      if (!row) return null;
      const parsed = probeResultSchema.safeParse(JSON.parse(row.result));
      return parsed.success ? { ...parsed.data, probed_at: row.probed_at.toISOString() } : null;
    },
  };
}
export type PlaylistProbeService = ReturnType<typeof createPlaylistProbeService>;
