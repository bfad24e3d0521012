import { z } from 'zod';
import { idParam, isHttpUrl, ok } from './common';

export const LINK_URL_MAX = 2048;
export const LINK_VERSION_MAX = 50;

/**
 * POST /api/v1/link and PUT /api/v1/link/{id}: an application download link (docs/product.md,
 * "url required and must be a URL; version optional"). Shared with the panel's link form.
 */
export const linkBodySchema = z.strictObject({
  version: z
    .string()
    .trim()
    .max(LINK_VERSION_MAX)
    .nullish()
    .transform((value) => value || null),
  url: z
    .string({ error: 'urlRequired' })
    .trim()
    .min(1, 'urlRequired')
    .max(LINK_URL_MAX)
    .refine(isHttpUrl, 'urlInvalid'),
});
export type LinkBody = z.input<typeof linkBodySchema>;
export type ParsedLinkBody = z.output<typeof linkBodySchema>;

export const linkParamsSchema = z.strictObject({ id: idParam });

export const linkViewSchema = z.object({
  id: z.number().int(),
  version: z.string().nullable(),
  url: z.string(),
  created_at: z.string(),
});
export type LinkView = z.infer<typeof linkViewSchema>;

/** GET /api/v1/link: newest first. */
export const linkListResponseSchema = ok(z.array(linkViewSchema));
export const linkResponseSchema = ok(linkViewSchema);
