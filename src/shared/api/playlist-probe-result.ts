import { z } from 'zod';

/** Why a probe found no usable playlist; the form translates each under `probe.errors.<code>`. */
export const PROBE_ERRORS = [
  'bad_url',
  'scheme_not_allowed',
  'address_not_allowed',
  'dns_failed',
  'unreachable',
  'timeout',
  'too_many_redirects',
  'too_large',
  'unauthorized',
  'http_error',
  'not_a_playlist',
  'wrong_credentials',
  'account_expired',
  'account_banned',
  'account_disabled',
] as const;
export type ProbeError = (typeof PROBE_ERRORS)[number];

export const probeAccountSchema = z.object({
  /** The provider's own word (Active, Expired, Banned, Disabled...). */
  status: z.string(),
  expires_at: z.string().nullable(),
  max_connections: z.number().int().nullable(),
});

/** What a probe found; `ok` false comes with `error` (and whatever was learnt before it failed). */
export const probeResultSchema = z.object({
  ok: z.boolean(),
  kind: z.enum(['m3u', 'xtream']),
  channels: z.number().int().optional(),
  groups: z.number().int().optional(),
  epg_url: z.string().nullable().optional(),
  account: probeAccountSchema.optional(),
  error: z.enum(PROBE_ERRORS).optional(),
});
export type ProbeResult = z.infer<typeof probeResultSchema>;

/** The last probe stored with a playlist, with when it ran. */
export const lastProbeSchema = probeResultSchema.extend({ probed_at: z.string() });
export type LastProbe = z.infer<typeof lastProbeSchema>;
