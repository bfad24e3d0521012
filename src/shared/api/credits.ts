import { z } from 'zod';
import { ok } from './common';

const creditAmount = z.coerce
  .number({ message: 'Please enter a valid number' })
  .int('Please enter a valid number')
  .min(1, 'Amount must be at least 1')
  .max(1_000_000);
const idField = z.coerce.number().int().positive().max(2_147_483_647);

/** POST /api/v1/transactions/credit_admin (admins only). */
export const creditAdminBodySchema = z.strictObject({
  resellerId: idField,
  credits: creditAmount,
  type: z.enum(['add', 'remove']),
  /** docs/product.md's client names itself; it must be the signed-in user. */
  user: idField,
});

/** POST /api/v1/transactions/credit_reseller: a reseller gives its own credits to a sub-reseller. */
export const creditResellerBodySchema = z.strictObject({
  resellerId: idField,
  user: idField,
  credits: creditAmount,
  /** docs/product.md's client sends the price (10 x credits); informational only, never trusted. */
  amount: z.coerce.number().min(0).max(100_000_000).optional(),
});

export const transactionsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const transactionViewSchema = z.object({
  id: z.number().int(),
  type: z.enum(['add', 'remove', 'transfer', 'activation']),
  amount: z.number().int(),
  credits: z.number().int().nullable(),
  receiver: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  sender: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  device_mac: z.string().nullable(),
  plan: z.string().nullable(),
  created_at: z.string(),
});
export type TransactionView = z.infer<typeof transactionViewSchema>;

export const transactionListResponseSchema = ok(z.array(transactionViewSchema));

/** An admin's add/remove: the reseller's balance afterwards. */
export const creditAdminResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  current_credits: z.number().int(),
});

/** A reseller's transfer: both balances afterwards (the sender's is null for an admin, who has no balance). */
export const creditResellerResponseSchema = creditAdminResponseSchema.extend({
  sender_credits: z.number().int().nullable(),
});

/** Reseller price list (docs/product.md): 1 credit = 1 month for 1 customer. */
export const RESELLER_PRICE_PER_CREDIT = 10;
