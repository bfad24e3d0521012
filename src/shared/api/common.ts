import { z } from 'zod';

/** The envelope every failed API call answers with (docs/architecture.md). The client translates `code`. */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Error codes the server sends; the web app has a translation for each under `errors.<code>`. */
export const ERROR_CODES = [
  'invalid_input',
  'invalid_credentials',
  'account_locked',
  'too_many_attempts',
  'unauthorized',
  'forbidden',
  'missing_scope',
  'not_found',
  'conflict',
  'request_in_progress',
  'idempotency_key_reused',
  'insufficient_credits',
  'exceeds_reseller_credits',
  'current_password_incorrect',
  'reset_link_invalid',
  'two_factor_code_incorrect',
  'two_factor_step_expired',
  'two_factor_required',
  'two_factor_already_enabled',
  'two_factor_not_enabled',
  'two_factor_setup_required',
  'device_banned',
  'device_key_required',
  'device_key_incorrect',
  'pairing_code_expired',
  'pairing_code_used',
  'already_lifetime',
  'pin_required',
  'incorrect_pin',
  'limit_reached',
  'url_not_allowed',
  'endpoint_disabled',
  'sub_reseller_limit',
  'cross_site_request',
  'payload_too_large',
  'service_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Database ids are positive integers; path params arrive as strings. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** A short single-line text field, trimmed, with a hard cap so no request can store megabytes. */
export const shortText = (max = 120) => z.string().trim().max(max);

/** Only web addresses a player can fetch: http(s) with a host (no javascript:, file:, data:). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * Answers, for routes' `schema.response`: the success envelope around `data` (extra top-level
 * fields, such as a `message`, in `extra`). The server serializes through these, so a field a schema
 * does not name never leaves it, whatever a handler returns (a second guard for keys and hashes).
 */
export function ok<Data extends z.ZodType, Extra extends z.ZodRawShape = Record<never, never>>(
  data: Data,
  extra?: Extra,
) {
  return z.object({ success: z.literal(true), data, ...(extra ?? ({} as Extra)) });
}

/** A page of items and what the list says about itself (`meta` or `pagination`). */
export function okList<Item extends z.ZodType, Meta extends z.ZodRawShape>(item: Item, meta: Meta) {
  return z.object({ success: z.literal(true), data: z.array(item), ...meta });
}

/** The reseller API's failures (RFC 9457 problem details), with the same stable codes. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  field: z.string().optional(),
});

/** The failures a reseller API route documents: each status answers problem details. */
export function problems<Status extends number>(...statuses: Status[]): Record<Status, typeof problemSchema> {
  return Object.fromEntries(statuses.map((status) => [status, problemSchema])) as Record<
    Status,
    typeof problemSchema
  >;
}

/** A call that takes no input: Fastify passes null for a POST without a body, clients may send `{}`. */
export const emptyBodySchema = z.strictObject({}).nullish();

/** An answer with nothing but success, and the message some calls add. */
export const done = z.object({ success: z.literal(true), message: z.string().optional() });

/** The failures a route documents: each status answers the error envelope. */
export function failures<Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    Status,
    typeof apiErrorSchema
  >;
}
