import { z } from 'zod';
import { PAID_PLANS } from '../plans';
import { ok } from './common';
import { normalizeListedMac } from '../mac';

/** Bulk activation (panel and reseller API, decision 0012): at most this many rows per call. */
export const BULK_MAX_ROWS = 1000;

/**
 * One row as sent, from a pasted or uploaded CSV (`mac,plan,client_name,client_phone`) or a script.
 * Cells are only bounded here: a bad MAC or plan is that row's failure in the answer, not a 400 for
 * the whole batch (bulkRowRulesSchema judges each row).
 */
export const bulkRowInputSchema = z.strictObject({
  mac: z.string().max(64),
  plan: z.string().max(32).optional(),
  client_name: z.string().max(200).optional(),
  client_phone: z.string().max(60).optional(),
});
export type BulkRowInput = z.infer<typeof bulkRowInputSchema>;

/** What a row must be to be activated: the single activation's rules for MAC, plan, name and phone. */
export const bulkRowRulesSchema = z.object({
  /** With colons, dashes or no separators, any case. */
  mac: z.string().transform((value, context) => {
    const mac = normalizeListedMac(value);
    if (mac === null) context.addIssue({ code: 'custom', message: 'Not a MAC address' });
    return mac ?? value;
  }),
  plan: z.enum(PAID_PLANS),
  client_name: z.string().trim().max(100).optional(),
  client_phone: z.string().trim().max(30).optional(),
});

/** POST /activations/bulk/preview and /activations/bulk: `plan` is for the rows that name none. */
export const bulkActivationBodySchema = z.strictObject({
  plan: z.enum(PAID_PLANS).optional(),
  rows: z.array(bulkRowInputSchema).min(1).max(BULK_MAX_ROWS),
});
export type BulkActivationBody = z.infer<typeof bulkActivationBodySchema>;

/** Why a row is not (or was not) activated; the web app translates each under `bulk.codes`. */
export const BULK_ROW_CODES = [
  'invalid_mac',
  'invalid_plan',
  'invalid_input',
  'duplicate_mac',
  'not_found',
  'not_yours',
  'device_banned',
  'already_lifetime',
  'device_key_required',
  'insufficient_credits',
  'service_unavailable',
] as const;
export type BulkRowCode = (typeof BULK_ROW_CODES)[number];

export const bulkRowResultSchema = z.object({
  /** The row's position in `rows`, from 1. */
  row: z.number().int(),
  /** Normalised ("00:1A:2B:3C:4D:5E") when valid, otherwise as sent. */
  mac: z.string(),
  plan: z.enum(PAID_PLANS).nullable(),
  /** Preview: `ready` or `failed`. Activation: `activated` or `failed`. */
  status: z.enum(['ready', 'activated', 'failed']),
  code: z.enum(BULK_ROW_CODES).optional(),
  /** Preview: what the row will cost; activation: what it cost (0 for a failed row, and for admins). */
  credits: z.number().int(),
});
export type BulkRowResult = z.infer<typeof bulkRowResultSchema>;

export const bulkSummarySchema = z.object({
  rows: z.number().int(),
  /** Rows ready (preview) or activated. */
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** Credits the ready rows need (preview), or that were charged. */
  credits: z.number().int(),
  /** The caller's balance (after the activation); null for an admin, who pays nothing. */
  balance: z.number().int().nullable(),
});
export type BulkSummary = z.infer<typeof bulkSummarySchema>;

export const bulkOutcomeSchema = z.object({
  rows: z.array(bulkRowResultSchema),
  summary: bulkSummarySchema,
});
export type BulkOutcome = z.infer<typeof bulkOutcomeSchema>;

/** The panel's answers. */
export const bulkOutcomeResponseSchema = ok(bulkOutcomeSchema);
/** The reseller API's answer. */
export const apiBulkOutcomeResponseSchema = z.object({ data: bulkOutcomeSchema });
