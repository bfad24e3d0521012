import { z } from 'zod';
import { isHttpUrl, ok } from './common';
import { macSchema } from './mac-field';
import { PLAYLIST_URL_MAX } from './playlist';
import { plainText } from './plain-text';
import { probeResultSchema } from './playlist-probe-result';

export * from './playlist-probe-result';

const probeUrl = plainText({ token: true }).trim().max(PLAYLIST_URL_MAX);

/**
 * POST /api/v1/playlist/probe: an M3U address (`url`), or an Xtream account (`server`, `username`,
 * `password`). `mac` names the device when a panel user probes for one of its devices; the device
 * page's session already names its device. One object rather than a union, so a refusal names its field.
 */
export const probeBodySchema = z
  .strictObject({
    url: probeUrl.optional(),
    server: probeUrl.optional(),
    username: plainText({ token: true }).trim().max(200).optional(),
    password: plainText({ token: true }).max(200).optional(),
    mac: macSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (value.server === undefined) {
      if (!value.url) return fail('url', 'playlist-url-required');
      if (!isHttpUrl(value.url)) return fail('url', 'playlist-url-invalid');
      return;
    }
    if (value.url !== undefined) return fail('url', 'url-or-account');
    if (!value.server || !value.username || !value.password)
      return fail('server', 'account-details-required');
    if (!isHttpUrl(value.server)) return fail('server', 'playlist-url-invalid');
  });
export type ProbeBody = z.input<typeof probeBodySchema>;

export const probeResponseSchema = ok(probeResultSchema);

/**
 * An Xtream-Codes style M3U link (`…/get.php?username=…&password=…`): the form offers to save it as an
 * account instead, which the TV app can browse by category.
 */
export function xtreamAccountOf(url: string): { server: string; username: string; password: string } | null {
  try {
    const parsed = new URL(url.trim());
    const username = parsed.searchParams.get('username');
    const password = parsed.searchParams.get('password');
    if (!/\/get\.php$/i.test(parsed.pathname) || !username || !password) return null;
    const path = parsed.pathname.replace(/\/get\.php$/i, '').replace(/\/+$/, '');
    return { server: `${parsed.origin}${path}`, username, password };
  } catch {
    return null;
  }
}
