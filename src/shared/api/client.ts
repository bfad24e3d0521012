import { z } from 'zod';
import { ok, okList } from './common';
import { macField } from './mac-field';

/** A database id sent in a JSON body (path params use idParam, which coerces strings). */
export const bodyId = z.number().int().positive().max(2_147_483_647);

/** ?page=&limit= for the admin lists that answer `meta: {total, page, totalPages, limit}`. */
export const pageQueryShape = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
};

export const pageMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
  limit: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export function pageMeta(total: number, page: number, limit: number): PageMeta {
  return { total, page, totalPages: Math.ceil(total / limit), limit };
}

export const CLIENT_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const CLIENT_PLANS = ['year', 'lifetime'] as const;
export type ClientPlan = (typeof CLIENT_PLANS)[number];

export const CLIENT_NAME_MAX = 100;
export const CLIENT_PHONE_MAX = 30;

/**
 * POST /api/v1/client/create-and-bind: the public registration form (docs/product.md). Messages are
 * the form's i18n keys. The MAC follows the same rule and normal form as macSchema (shared/mac.ts),
 * with the form's own messages.
 */
export const clientRegistrationBodySchema = z.strictObject({
  name: z.string({ error: 'nameRequired' }).trim().min(1, 'nameRequired').max(CLIENT_NAME_MAX),
  email: z
    .string({ error: 'emailRequired' })
    .trim()
    .min(1, 'emailRequired')
    .max(254, 'emailInvalid')
    .toLowerCase()
    .pipe(z.email('emailInvalid')),
  phone: z.string({ error: 'phoneRequired' }).trim().min(1, 'phoneRequired').max(CLIENT_PHONE_MAX),
  mac: macField({ required: 'macRequired', invalid: 'macInvalid' }),
  /** The form's value for one year is '1year'; it is stored as the plan code 'year'. */
  plan: z
    .enum(['1year', ...CLIENT_PLANS], { error: 'planRequired' })
    .transform((value): ClientPlan => (value === '1year' ? 'year' : value)),
});
export type ClientRegistrationForm = z.input<typeof clientRegistrationBodySchema>;
export type ClientRegistrationBody = z.output<typeof clientRegistrationBodySchema>;

/** An empty select ("all") arrives as an empty string. */
const optionalFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values)])
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** GET /api/v1/client?page&limit&search&status&plan */
export const clientListQuerySchema = z.strictObject({
  ...pageQueryShape,
  search: z.string().trim().max(100).optional(),
  status: optionalFilter(CLIENT_STATUSES),
  plan: optionalFilter(CLIENT_PLANS),
});
export type ClientListQuery = z.output<typeof clientListQuerySchema>;

/** PUT /api/v1/client/update: an admin's decision; the plan is the one to activate on approve. */
export const clientUpdateBodySchema = z.strictObject({
  id: bodyId,
  status: z.enum(['Approved', 'Rejected']),
  plan: z.enum(CLIENT_PLANS).optional(),
});
export type ClientUpdateBody = z.infer<typeof clientUpdateBodySchema>;

export const clientRegistrationViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  mac: z.string(),
  plan: z.enum(CLIENT_PLANS),
  status: z.enum(CLIENT_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClientRegistrationView = z.infer<typeof clientRegistrationViewSchema>;

export const clientListResponseSchema = okList(clientRegistrationViewSchema, { meta: pageMetaSchema });

export const clientCreatedResponseSchema = ok(
  z.object({ id: z.number().int(), status: z.enum(CLIENT_STATUSES) }),
);

export const clientDecisionResponseSchema = ok(clientRegistrationViewSchema);
