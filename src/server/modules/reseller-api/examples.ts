import type { z } from 'zod';
import { type ErrorCode, problemSchema } from '../../../shared/api/common';
import { apiDeviceParams, apiPlaylistParams } from '../../../shared/api/reseller-api';

/**
 * The examples of the reseller API's reference (/api/reseller/v1/docs), attached to the routes'
 * zod schemas as metadata, so the OpenAPI generator puts them beside the schemas they illustrate and
 * the compiler checks each against its schema's type (redocly checks them against the JSON Schema).
 * They live here, on the server, rather than in src/shared/api: the browser never needs them.
 */

/**
 * A request body or parameter as a client sends it. Under `x-examples` (which @fastify/swagger turns
 * into the operation's named `examples`), not `examples`: zod drops `examples` from the input side of
 * a schema that transforms (a MAC, a device key), taking them for examples of its output.
 */
export function sent<S extends z.ZodType>(schema: S, example: z.input<S>, summary = 'Example'): S {
  return schema.meta({ 'x-examples': { example: { summary, value: example } } });
}

/** An answer as the client receives it. */
export function answered<S extends z.ZodType>(schema: S, example: z.output<S>): S {
  return schema.meta({ examples: [example] });
}

export const EXAMPLE_MAC = '00:1A:2B:3C:4D:5E';

export const deviceParams = apiDeviceParams.extend({
  mac: sent(apiDeviceParams.shape.mac, EXAMPLE_MAC),
});
export const playlistParams = apiPlaylistParams.extend({
  mac: sent(apiPlaylistParams.shape.mac, EXAMPLE_MAC),
  id: sent(apiPlaylistParams.shape.id, 42),
});

/** A device of the caller's, activated for a year (what most answers about a device show). */
export const exampleDevice = {
  id: 1207,
  mac: EXAMPLE_MAC,
  name: 'Ada Lovelace',
  phone: '+33 6 12 34 56 78',
  app_name: 'StreamBox TV',
  created_at: '2026-03-02T18:04:11.000Z',
  paid: true,
  date_payment: '2026-11-25T09:30:00.000Z',
  payment_type: 'year',
  banned: false,
  expired_date: '2027-11-25T09:30:00.000Z',
  owner_id: 31,
  cle_mac: 'k7Qm2xWd9P',
};

/** A playlist by address (an Xtream account's would have username, password and host). */
const byAddress = { url: 'https://iptv.example/news.m3u', username: null, password: null, host: null };
export const examplePlaylist = {
  id: 42,
  name: 'News',
  ...byAddress,
  hasPin: false,
  isAccount: false,
  notes: null,
  deviceId: 1207,
  epg_url: 'https://iptv.example/news-epg.xml',
};

type Problem = { code: ErrorCode; title: string; field?: string };

/** What each status usually means on this API; a route adds the refusals particular to it. */
const commonProblems: Record<number, Problem[]> = {
  400: [{ code: 'invalid_input', title: 'Invalid option: expected one of "year"|"lifetime"', field: 'plan' }],
  401: [{ code: 'unauthorized', title: 'A valid API key is required' }],
  402: [{ code: 'insufficient_credits', title: 'Not enough credits' }],
  403: [{ code: 'missing_scope', title: 'This key lacks the devices:activate scope' }],
  404: [{ code: 'not_found', title: 'Device not found' }],
  409: [{ code: 'request_in_progress', title: 'A request with this Idempotency-Key is still running' }],
  422: [
    {
      code: 'idempotency_key_reused',
      title: 'This Idempotency-Key was used for another request',
    },
  ],
  429: [{ code: 'too_many_attempts', title: 'Too many calls with this key; wait before the next' }],
  503: [{ code: 'service_unavailable', title: 'Service temporarily unavailable' }],
};

/**
 * The problem-details answers of a route, each status with named examples (one per code it may
 * carry): `documentedProblems([401, 404], { 409: [...] })` in place of `problems(401, 404, 409)`.
 */
export function documentedProblems<Status extends number>(
  statuses: readonly Status[],
  particular: Partial<Record<Status, Problem[]>> = {},
): Record<Status, typeof problemSchema> {
  return Object.fromEntries(
    statuses.map((status) => {
      // A route's own refusal of a code replaces the common one (its own words for it).
      const own = particular[status] ?? [];
      const common = (commonProblems[status] ?? []).filter((p) => !own.some((o) => o.code === p.code));
      const shown = [...own, ...common];
      const examples = Object.fromEntries(
        shown.map(({ code, title, field }) => [
          code,
          {
            summary: title,
            value: { type: 'about:blank', title, status, code, ...(field ? { field } : {}) },
          },
        ]),
      );
      return [status, problemSchema.meta({ 'x-examples': examples })];
    }),
  ) as Record<Status, typeof problemSchema>;
}
