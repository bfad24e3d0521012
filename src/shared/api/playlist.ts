import { z } from 'zod';
import { isHttpUrl, ok } from './common';
import { plainText } from './plain-text';
import { lastProbeSchema } from './playlist-probe-result';

export const PLAYLIST_NAME_MAX = 100;
export const PLAYLIST_URL_MAX = 2048;
export const PLAYLISTS_PER_DEVICE = 50;
export const PIN_MIN = 4;
export const PIN_MAX = 8;

const httpUrl = z
  .string()
  .trim()
  .max(PLAYLIST_URL_MAX)
  .refine(isHttpUrl, 'Must be an http:// or https:// URL');

/** Every text a playlist stores refuses line breaks, NUL and bidirectional controls (plain-text.ts). */
export const playlistFields = {
  name: plainText().trim().max(PLAYLIST_NAME_MAX),
  url: plainText({ token: true }).trim().max(PLAYLIST_URL_MAX).optional().nullable(),
  isAccount: z.boolean().default(false),
  username: plainText({ token: true }).trim().max(200).optional().nullable(),
  password: plainText({ token: true }).max(200).optional().nullable(),
  host: plainText({ token: true }).trim().max(PLAYLIST_URL_MAX).optional().nullable(),
  hasPin: z.boolean().default(false),
  pin: plainText({ token: true }).max(PIN_MAX).optional().nullable(),
  notes: plainText().trim().max(500).optional().nullable(),
  /** The EPG (XMLTV) address; empty or null: none; absent on an edit: unchanged. */
  epg_url: plainText({ token: true }).trim().max(PLAYLIST_URL_MAX).optional().nullable(),
};

type PlaylistFields = {
  name: string;
  url?: string | null;
  isAccount: boolean;
  username?: string | null;
  password?: string | null;
  host?: string | null;
  hasPin: boolean;
  pin?: string | null;
  epg_url?: string | null;
};

type PlaylistProblem = { path: 'name' | 'url' | 'host' | 'pin' | 'epg_url'; message: string };

/**
 * docs/product.md's checks, in its order, with its message keys: each field's first failure. Fields
 * are judged independently so a form can flag every field to fix at once.
 */
export function playlistProblems(value: PlaylistFields): PlaylistProblem[] {
  const problems: PlaylistProblem[] = [];
  const fail = (path: PlaylistProblem['path'], message: string) => problems.push({ path, message });
  if (!value.name) fail('name', 'playlist-name-required');
  if (!value.isAccount) {
    if (!value.url) fail('url', 'playlist-url-required');
    else if (!httpUrl.safeParse(value.url).success) fail('url', 'playlist-url-invalid');
  } else if (!value.username || !value.password || !value.host) {
    fail('host', 'account-details-required');
  } else if (!httpUrl.safeParse(value.host).success) {
    fail('host', 'playlist-url-invalid');
  }
  if (value.hasPin && value.pin !== undefined && value.pin !== null) {
    if (!/^\d+$/.test(value.pin)) fail('pin', 'pin-must-be-digits');
    else if (value.pin.length < PIN_MIN) fail('pin', 'pin-must-be-4-digits');
  }
  if (value.epg_url && !httpUrl.safeParse(value.epg_url).success) fail('epg_url', 'playlist-url-invalid');
  return problems;
}

/** The API's check: only the first failure, so a 400 names one field (docs/product.md). */
export function checkPlaylist(value: PlaylistFields, ctx: z.RefinementCtx): void {
  const [first] = playlistProblems(value);
  if (first) ctx.addIssue({ code: 'custom', path: [first.path], message: first.message });
}

/** The forms' check: every field's first failure, so one submit marks all the fields to fix. */
export function checkPlaylistFields(value: PlaylistFields, ctx: z.RefinementCtx): void {
  for (const { path, message } of playlistProblems(value)) {
    ctx.addIssue({ code: 'custom', path: [path], message });
  }
}

/**
 * The playlist payload, shared by the device page's form and the server (docs/product.md).
 * Messages are the i18n keys docs/product.md names, and the checks run in docs/product.md's order.
 */
export const playlistBodySchema = z.strictObject(playlistFields).superRefine(checkPlaylist);
export type PlaylistBody = z.input<typeof playlistBodySchema>;
export type ParsedPlaylistBody = z.output<typeof playlistBodySchema>;

/** POST /api/v1/playlist/{mac}/{id}/unlock */
export const unlockBodySchema = z.strictObject({ pin: z.string().min(1).max(PIN_MAX) });

/**
 * A playlist as the API shows it. A protected playlist comes without url and account fields until it
 * is unlocked with its PIN; the PIN itself is never sent.
 */
export const playlistViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string().nullable(),
  hasPin: z.boolean(),
  isAccount: z.boolean(),
  username: z.string().nullable(),
  password: z.string().nullable(),
  host: z.string().nullable(),
  notes: z.string().nullable(),
  deviceId: z.number().int(),
  /** Hidden like `url` while the playlist is locked: a provider's XMLTV address often holds the account. */
  epg_url: z.string().nullable(),
  /** The probe stored at the last save (device page and panel; never in the TV app's answer). */
  last_probe: lastProbeSchema.nullable().optional(),
});
export type PlaylistView = z.infer<typeof playlistViewSchema>;
export const playlistResponseSchema = ok(playlistViewSchema);

/** Xtream-Codes style: the account's playlist URL is its host followed by the credentials. */
export function buildAccountUrl(host: string, username: string, password: string): string {
  const base = host.replace(/\/+$/, '');
  const query = new URLSearchParams({ username, password, type: 'm3u_plus', output: 'ts' });
  return `${base}/get.php?${query.toString()}`;
}

/** The inverse of buildAccountUrl, for editing: null when the URL is not an account URL. */
export function splitAccountUrl(url: string): { host: string; username: string; password: string } | null {
  try {
    const parsed = new URL(url);
    const username = parsed.searchParams.get('username');
    const password = parsed.searchParams.get('password');
    if (username === null || password === null) return null;
    const path = parsed.pathname.replace(/\/get\.php$/, '').replace(/\/+$/, '');
    return { host: `${parsed.origin}${path}`, username, password };
  } catch {
    return null;
  }
}
