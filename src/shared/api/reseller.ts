import { z } from 'zod';
import { emailSchema, NEW_PASSWORD_MIN, PASSWORD_MAX, roleSchema } from './auth';
import { idParam, ok } from './common';

export const personNameSchema = z.string().trim().min(1, 'nameRequired').max(100);
export const phoneSchema = z.string().trim().min(1, 'phoneRequired').max(30);

/**
 * POST /api/v1/auth/sign_up_reseller. docs/product.md's client also sends banned, parentId and role: they are
 * accepted so the contract holds, and ignored, because the server decides them from the caller.
 */
export const createResellerBodySchema = z.strictObject({
  name: personNameSchema,
  email: emailSchema,
  password: z.string().min(NEW_PASSWORD_MIN).max(PASSWORD_MAX),
  phone: phoneSchema,
  credits: z.coerce.number().int().min(0).max(1_000_000).default(0),
  banned: z.unknown().optional(),
  parentId: z.unknown().optional(),
  role: z.unknown().optional(),
});
export type CreateResellerBody = z.input<typeof createResellerBodySchema>;

/** PUT /api/v1/reseller/{id}: only name and phone can change. */
export const updateResellerBodySchema = z.strictObject({ name: personNameSchema, phone: phoneSchema });

export const resellerListQuerySchema = z.strictObject({
  parentId: z.coerce.number().int().positive().optional(),
  search: z.string().trim().max(100).optional(),
});

export const resellerIdParams = z.strictObject({ id: idParam });

export const resellerViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  credits: z.number().int(),
  banned: z.boolean(),
  status: z.enum(['Active', 'Banned']),
  parentId: z.number().int().nullable(),
  role: roleSchema,
  created_at: z.string(),
});
export type ResellerView = z.infer<typeof resellerViewSchema>;

export const resellerListResponseSchema = ok(z.array(resellerViewSchema));
export const resellerResponseSchema = ok(resellerViewSchema);
/** PUT /api/v1/reseller/toggleBan/{id}: the reseller and a sentence saying what happened. */
export const resellerBanResponseSchema = ok(resellerViewSchema, { message: z.string() });
