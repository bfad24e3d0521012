// A CommonJS module whose `parse` Node's ESM loader cannot see as a named export.
import m3uParser from 'iptv-playlist-parser';
import { isHttpUrl } from '../../../shared/api/common';
import { PLAYLIST_URL_MAX } from '../../../shared/api/playlist';
import type { ProbeError, ProbeResult } from '../../../shared/api/playlist-probe';
import type { PlaylistProbeSettings } from '../../config';
import type { OutboundPolicy } from '../../outbound/address-policy';
import { OutboundError, outboundRequest, readText } from '../../outbound/outbound-request';

/** Issue 16: at most 3 redirects, each re-checked by outboundRequest like the first address. */
const MAX_REDIRECTS = 3;
/** player_api.php answers a few hundred bytes; anything much bigger is not one. */
const PLAYER_API_MAX_BYTES = 256 * 1024;
/** http, https, rtmp, rtsp, udp...: what a player can open. */
const STREAM_ADDRESS = /^[a-z][a-z0-9+.-]*:\/\/\S/i;

function policyOf(settings: PlaylistProbeSettings): OutboundPolicy {
  // IPTV servers mostly speak plain http; the address policy still applies.
  return { allowPrivate: settings.allowPrivate, allowHttp: true };
}

/**
 * GET a user-given address within the probe's limits; a failure to get an answer becomes the probe's
 * error code. The address is never put in a message: an account's carries its password.
 */
async function fetchText(
  url: string,
  settings: PlaylistProbeSettings,
  maxBytes: number,
): Promise<{ text: string } | { error: ProbeError }> {
  try {
    const response = await outboundRequest(url, {
      policy: policyOf(settings),
      timeoutMs: settings.timeoutMs,
      maxBytes,
      maxRedirects: MAX_REDIRECTS,
      headers: { accept: '*/*', 'user-agent': 'StreamBox-Probe/1' },
    });
    if (response.status < 200 || response.status >= 300) {
      // Not read: the socket closes at once rather than at the deadline.
      response.body.destroy(new Error('not read'));
      return { error: response.status === 401 || response.status === 403 ? 'unauthorized' : 'http_error' };
    }
    return { text: await readText(response.body) };
  } catch (error) {
    if (error instanceof OutboundError) return { error: error.reason };
    throw error;
  }
}

/** The first http(s) address of a header's `x-tvg-url` / `url-tvg` (providers list several, comma-separated). */
function epgUrlOf(attrs: Record<string, string | undefined>): string | null {
  const candidates = `${attrs['x-tvg-url'] ?? ''},${attrs['url-tvg'] ?? ''}`.split(',');
  const found = candidates.map((entry) => entry.trim()).find((entry) => entry !== '' && isHttpUrl(entry));
  return found && found.length <= PLAYLIST_URL_MAX ? found : null;
}

/** Counts an M3U file's channels and groups, and finds its EPG address; not an M3U: `not_a_playlist`. */
export function summarizeM3u(text: string): ProbeResult {
  // The parser expects #EXTM3U at the very start: a byte-order mark or blank lines would hide it.
  const content = text.replace(/^\uFEFF/, '').trimStart();
  if (!content.startsWith('#EXTM3U')) return { ok: false, kind: 'm3u', error: 'not_a_playlist' };
  let playlist: ReturnType<typeof m3uParser.parse>;
  try {
    playlist = m3uParser.parse(content);
  } catch {
    return { ok: false, kind: 'm3u', error: 'not_a_playlist' };
  }
  // A broken entry takes the next stray line as its address: only scheme://… lines are streams.
  const channels = playlist.items.filter((item) => STREAM_ADDRESS.test(item.url ?? ''));
  const groups = new Set(channels.map((item) => item.group.title).filter((title) => title !== ''));
  return {
    ok: true,
    kind: 'm3u',
    channels: channels.length,
    groups: groups.size,
    epg_url: epgUrlOf(playlist.header.attrs as Record<string, string | undefined>),
  };
}

/** Downloads an M3U address (streamed, cut at settings.maxBytes) and summarizes it. */
export async function probeM3u(url: string, settings: PlaylistProbeSettings): Promise<ProbeResult> {
  const fetched = await fetchText(url, settings, settings.maxBytes);
  if ('error' in fetched) return { ok: false, kind: 'm3u', error: fetched.error };
  return summarizeM3u(fetched.text);
}

type PlayerApiAnswer = {
  user_info?: {
    auth?: number | string;
    status?: unknown;
    exp_date?: unknown;
    max_connections?: unknown;
  };
};

function wholeNumberOf(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(number) ? number : null;
}

/** What `player_api.php` says of an account: active, expired, banned or disabled, until when, how many screens. */
export function summarizeXtream(text: string, now: Date): ProbeResult {
  let answer: PlayerApiAnswer;
  try {
    answer = JSON.parse(text) as PlayerApiAnswer;
  } catch {
    return { ok: false, kind: 'xtream', error: 'not_a_playlist' };
  }
  const info = answer?.user_info;
  if (!info || typeof info !== 'object') return { ok: false, kind: 'xtream', error: 'not_a_playlist' };
  if (String(info.auth) !== '1') return { ok: false, kind: 'xtream', error: 'wrong_credentials' };
  const status = typeof info.status === 'string' && info.status !== '' ? info.status.slice(0, 40) : 'Unknown';
  const expiresSeconds = wholeNumberOf(info.exp_date);
  const expiresAt = expiresSeconds !== null && expiresSeconds > 0 ? new Date(expiresSeconds * 1000) : null;
  const account = {
    status,
    expires_at: expiresAt?.toISOString() ?? null,
    max_connections: wholeNumberOf(info.max_connections),
  };
  const word = status.toLowerCase();
  let error: ProbeError | undefined;
  if (word === 'expired' || (expiresAt !== null && expiresAt <= now)) error = 'account_expired';
  else if (word === 'banned') error = 'account_banned';
  else if (word !== 'active') error = 'account_disabled';
  return error ? { ok: false, kind: 'xtream', account, error } : { ok: true, kind: 'xtream', account };
}

/** Asks an Xtream-Codes server about an account (`player_api.php`). */
export async function probeXtream(
  account: { server: string; username: string; password: string },
  settings: PlaylistProbeSettings,
  now = new Date(),
): Promise<ProbeResult> {
  const query = new URLSearchParams({ username: account.username, password: account.password });
  const url = `${account.server.replace(/\/+$/, '')}/player_api.php?${query.toString()}`;
  const fetched = await fetchText(url, settings, PLAYER_API_MAX_BYTES);
  if ('error' in fetched) {
    // Some panels answer a wrong password with 401/403 instead of `auth: 0`.
    const error = fetched.error === 'unauthorized' ? 'wrong_credentials' : fetched.error;
    return { ok: false, kind: 'xtream', error };
  }
  return summarizeXtream(fetched.text, now);
}
