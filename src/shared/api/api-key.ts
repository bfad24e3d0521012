import { z } from 'zod';
import { idParam, ok } from './common';

/** What a reseller API key may do (docs/product.md §API keys); a key acts as its owner, narrowed to these. */
export const API_KEY_SCOPES = [
  'devices:read',
  'devices:activate',
  'playlists:write',
  'resellers:read',
  'credits:read',
  'credits:transfer',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Live (neither revoked nor expired) keys one account may hold. */
export const API_KEYS_PER_ACCOUNT = 20;
export const API_KEY_NAME_MAX = 60;

/** POST /api/v1/api-keys */
export const createApiKeyBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'nameRequired').max(API_KEY_NAME_MAX),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1)
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'scopesRepeated'),
  /** When the key stops working; none means it lasts until revoked. */
  expires_at: z.iso
    .datetime({ offset: true })
    .optional()
    .refine((value) => value === undefined || Date.parse(value) > Date.now(), 'expiryInPast'),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

export const apiKeyParamsSchema = z.strictObject({ id: idParam });

/** A key as its owner's list shows it: never the secret, only the prefix that recognises it. */
export const apiKeyViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  prefix: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export const apiKeyListResponseSchema = ok(z.array(apiKeyViewSchema));
/** The one answer that carries the secret: it is shown once and only its hash is kept. */
export const apiKeyCreatedResponseSchema = ok(apiKeyViewSchema.extend({ secret: z.string() }));
