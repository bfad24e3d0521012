import {
  buildAccountUrl,
  PLAYLISTS_PER_DEVICE,
  type ParsedPlaylistBody,
  type PlaylistView,
  splitAccountUrl,
} from '../../../shared/api/playlist';
import { type LastProbe, probeResultSchema } from '../../../shared/api/playlist-probe';
import type { GuessingLimits } from '../../config';
import type { Db } from '../../db';
import type { PlaylistRow } from '../../db/schema';
import { AppError, badRequest, notFound, tooManyAttempts } from '../../errors';
import type { AttemptLimiter } from '../security/attempt-limiter';
import { guess } from '../security/guess';
import { type Actor, requireManaged } from '../security/ownership';
import { hashSecret, verifySecret } from '../security/passwords';
import type { PlaylistProbeService } from './playlist-probe-service';
import { changedFields } from '../events/changes';
import type { Changes } from '../events/domain-events';
import type { EventRecorder } from '../events/outbox';
import { createPlaylistRepository, type PlaylistRepository, type PlaylistWrite } from './playlist-repository';

function lastProbeOf(row: PlaylistRow): LastProbe | null {
  if (row.probe_result === null || row.probed_at === null) return null;
  const parsed = probeResultSchema.safeParse(JSON.parse(row.probe_result));
  return parsed.success ? { ...parsed.data, probed_at: row.probed_at.toISOString() } : null;
}

/**
 * A protected playlist shows no url, EPG or account fields until unlocked with its PIN. The last
 * probe is for people (device page, panel): the TV app's answer leaves it out (`withProbe` false), so
 * that answer stays what the TV uses.
 */
export function toPlaylistView(row: PlaylistRow, unlocked = false, withProbe = true): PlaylistView {
  const hasPin = row.pin_hash !== null;
  const visible = !hasPin || unlocked;
  const account = visible && row.is_account ? splitAccountUrl(row.url) : null;
  return {
    id: row.id,
    name: row.name,
    url: visible ? row.url : null,
    hasPin,
    isAccount: row.is_account,
    username: account?.username ?? null,
    password: account?.password ?? null,
    host: account?.host ?? null,
    notes: row.notes,
    deviceId: row.device_id,
    epg_url: visible ? row.epg_url : null,
    ...(withProbe ? { last_probe: lastProbeOf(row) } : {}),
  };
}

/** The host of an address, for the audit log: never its path or query (an Xtream URL holds a password). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** What an edit changed, as the audit log shows it: no address beyond its host, no PIN. */
function playlistChanges(before: PlaylistRow, after: PlaylistWrite): Changes {
  const changes = {
    ...changedFields(before, after, ['name', 'notes', 'epg_url']),
    ...changedFields(
      { host: hostOf(before.url), has_pin: before.pin_hash !== null },
      { host: hostOf(after.url), has_pin: after.pin_hash !== null },
      ['host', 'has_pin'],
    ),
  };
  // A new path or password on the same host, or a new PIN: said, never shown.
  if (before.url !== after.url && !changes.host) changes.address = ['…', '…'];
  if (before.pin_hash && after.pin_hash && before.pin_hash !== after.pin_hash) changes.pin = ['…', '…'];
  return changes;
}

/**
 * Playlist rules shared by the device page and the panel: URLs built from account fields, PINs
 * stored as hashes, and a protected playlist changed or deleted only with its PIN.
 */
export function createPlaylistService(deps: {
  db: Db;
  events: EventRecorder;
  playlists: PlaylistRepository;
  probes: Pick<PlaylistProbeService, 'recentProbeOf'>;
  limiter: AttemptLimiter;
  limits: GuessingLimits;
}) {
  const { db, events, playlists, probes, limiter, limits } = deps;
  const pinRule = {
    maxFailures: limits.pinFailuresPerPlaylist,
    windowMs: limits.pinLockMs,
    lockMs: limits.pinLockMs,
  };

  async function toWrite(
    deviceId: number,
    body: ParsedPlaylistBody,
    existing?: PlaylistRow,
  ): Promise<PlaylistWrite> {
    const url = body.isAccount
      ? buildAccountUrl(body.host as string, body.username as string, body.password as string)
      : (body.url as string);
    // The form probes the address just before saving it: that probe is stored with the playlist.
    const probe = await probes.recentProbeOf(deviceId, url);
    const sameAddress = existing !== undefined && existing.url === url;
    const { probed_at: probedAt, ...probeResult } = probe ?? { probed_at: null };
    // An EPG address sent (even empty) is the one; none sent keeps the current one, else takes the probe's.
    const epgUrl =
      body.epg_url !== undefined ? body.epg_url || null : (existing?.epg_url ?? (probe?.epg_url || null));
    let pinHash: string | null = null;
    if (body.hasPin) {
      if (body.pin) pinHash = await hashSecret(body.pin);
      else if (existing?.pin_hash) pinHash = existing.pin_hash;
      else throw badRequest('pin-required', 'pin');
    }
    return {
      name: body.name,
      url,
      is_account: body.isAccount,
      pin_hash: pinHash,
      notes: body.notes ?? null,
      epg_url: epgUrl,
      probe_result: probe ? JSON.stringify(probeResult) : sameAddress ? existing.probe_result : null,
      probed_at: probedAt ? new Date(probedAt) : sameAddress ? existing.probed_at : null,
    };
  }

  async function find(deviceId: number, id: number): Promise<PlaylistRow> {
    const row = await playlists.findForDevice(deviceId, id);
    if (!row) throw notFound('Playlist not found');
    return row;
  }

  /** Checks a PIN against a protected playlist, counting wrong ones towards its lock. */
  async function verifyPin(row: PlaylistRow, pin: string | undefined): Promise<void> {
    if (row.pin_hash === null) return;
    if (!pin) throw new AppError(403, 'pin_required', 'This playlist is protected');
    const pinHash = row.pin_hash;
    const outcome = await guess(
      limiter,
      [{ key: `pin:${row.id}`, rule: pinRule, refusal: 'too_many_attempts' }],
      async () => ((await verifySecret(pinHash, pin)) ? true : null),
      { resetOnSuccess: [`pin:${row.id}`] },
    );
    if (outcome.right) return;
    if (outcome.state.locked) throw tooManyAttempts('too_many_attempts', outcome.state.retryAfterMs);
    throw new AppError(403, 'incorrect_pin', 'Incorrect PIN');
  }

  return {
    async create(deviceId: number, body: ParsedPlaylistBody): Promise<PlaylistView> {
      const write = await toWrite(deviceId, body);
      // Counted and inserted atomically: parallel adds end at the cap exactly, never above it.
      const created = await db.transaction().execute(async (trx) => {
        const row = await createPlaylistRepository(trx).insertUnderCap(deviceId, write, PLAYLISTS_PER_DEVICE);
        if (row)
          await events.record(trx, {
            type: 'playlist.added',
            actorId: null,
            subject: `playlist:${row.id}`,
            payload: { device_id: deviceId, playlist_id: row.id, name: row.name, host: hostOf(row.url) },
          });
        return row;
      });
      if (!created) {
        throw new AppError(
          409,
          'limit_reached',
          `A device can hold at most ${PLAYLISTS_PER_DEVICE} playlists`,
        );
      }
      return toPlaylistView(created, true);
    },

    async update(
      deviceId: number,
      id: number,
      body: ParsedPlaylistBody,
      pin?: string,
    ): Promise<PlaylistView> {
      const existing = await find(deviceId, id);
      await verifyPin(existing, pin);
      const write = await toWrite(deviceId, body, existing);
      const updated = await db.transaction().execute(async (trx) => {
        const row = await createPlaylistRepository(trx).update(id, write);
        await events.record(trx, {
          type: 'playlist.updated',
          actorId: null,
          subject: `playlist:${id}`,
          payload: {
            device_id: deviceId,
            playlist_id: id,
            name: row.name,
            changes: playlistChanges(existing, write),
          },
        });
        return row;
      });
      return toPlaylistView(updated, true);
    },

    async remove(deviceId: number, id: number, pin?: string): Promise<void> {
      const existing = await find(deviceId, id);
      await verifyPin(existing, pin);
      await db.transaction().execute(async (trx) => {
        await createPlaylistRepository(trx).delete(id);
        await events.record(trx, {
          type: 'playlist.deleted',
          actorId: null,
          subject: `playlist:${id}`,
          payload: { device_id: deviceId, playlist_id: id, name: existing.name },
        });
      });
    },

    async unlock(deviceId: number, id: number, pin: string): Promise<PlaylistView> {
      const row = await find(deviceId, id);
      await verifyPin(row, pin);
      return toPlaylistView(row, true);
    },

    /** The panel's list: each playlist with its device's MAC. */
    async listForOwner(ownerId: number | undefined): Promise<(PlaylistView & { mac: string })[]> {
      const rows = await playlists.listForOwner(ownerId);
      return rows.map((row) => ({ ...toPlaylistView(row), mac: row.mac }));
    },

    /** The device a playlist belongs to, if the panel user may touch it (admin: any; reseller: its own). */
    async deviceOf(playlistId: number, actor: Actor): Promise<number> {
      return requireManaged(actor, await playlists.findWithOwner(playlistId), 'Playlist not found').device_id;
    },

    /** A device's playlists; `forTvApp`: as the TV app's answer holds them (no probe). */
    async listForDevice(deviceId: number, forTvApp = false): Promise<PlaylistView[]> {
      return (await playlists.listForDevice(deviceId)).map((row) => toPlaylistView(row, false, !forTvApp));
    },

    /** The TV app's views of several devices' playlists, by device id (devices without any are left out). */
    async listForDevices(deviceIds: number[]): Promise<Map<number, PlaylistView[]>> {
      const byDevice = new Map<number, PlaylistView[]>();
      for (const row of await playlists.listForDevices(deviceIds)) {
        const views = byDevice.get(row.device_id) ?? [];
        views.push(toPlaylistView(row, false, false));
        byDevice.set(row.device_id, views);
      }
      return byDevice;
    },
  };
}
export type PlaylistService = ReturnType<typeof createPlaylistService>;
