import { z } from 'zod';
import { PAID_PLANS } from '../plans';
import { transactionViewSchema } from './credits';
import { deviceKeySchema, macSchema } from './device';
import { panelDeviceSchema } from './panel-device';
import { playlistViewSchema } from './playlist';
import { resellerViewSchema } from './reseller';

/**
 * The reseller API's contract (`/api/reseller/v1`, docs/product.md §7 Reseller API). Lists are paged
 * by an opaque cursor: pass the answer's `next_cursor` back to get the following page; null means
 * there is none.
 */
const cursor = z
  .string()
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'not a cursor')
  .optional();
const limit = z.coerce.number().int().min(1).max(100).default(50);

export const apiDeviceParams = z.strictObject({ mac: macSchema });
export const apiPlaylistParams = z.strictObject({
  mac: macSchema,
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** GET /devices?q=&status=&payment=&cursor=&limit= (the panel list's filters). */
export const apiDeviceListQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  status: z.enum(['free', 'year', 'lifetime']).optional(),
  payment: z.enum(['paid', 'unpaid', 'free']).optional(),
  cursor,
  limit,
});

/** GET /devices.csv?q=&status=&payment=: the list's filters, every page. */
export const apiDeviceExportQuerySchema = apiDeviceListQuerySchema.omit({ cursor: true, limit: true });

/** A CSV answer (the devices export), documented as a string; the server streams it. */
export const csvAnswerSchema = z.string().describe('text/csv');

/** GET /credits?cursor=&limit= */
export const apiLedgerQuerySchema = z.strictObject({ cursor, limit });

/** POST /devices/{mac}/activation */
export const apiActivationBodySchema = z.strictObject({
  plan: z.enum(PAID_PLANS),
  client_name: z.string().trim().max(100).optional(),
  client_phone: z.string().trim().max(30).optional(),
  /** The viewer's consent, for a device that belongs to a viewer (docs/architecture.md §6.3). */
  device_key: deviceKeySchema.optional(),
});

/** POST /credits/transfers */
export const apiTransferBodySchema = z.strictObject({
  to: z.number().int().positive().max(2_147_483_647),
  credits: z.number().int().min(1).max(1_000_000),
});

const page = <Item extends z.ZodType>(item: Item) =>
  z.object({ data: z.array(item), next_cursor: z.string().nullable() });

export const apiDeviceListResponseSchema = page(panelDeviceSchema);
export const apiDeviceResponseSchema = z.object({ data: panelDeviceSchema });
export const apiActivationResponseSchema = z.object({
  data: panelDeviceSchema,
  /** The caller's balance after the debit; null for an admin, who pays nothing. */
  credits_left: z.number().int().nullable(),
});
export const apiPlaylistListResponseSchema = z.object({ data: z.array(playlistViewSchema) });
export const apiPlaylistResponseSchema = z.object({ data: playlistViewSchema });
export const apiSubResellerListResponseSchema = z.object({ data: z.array(resellerViewSchema) });
export const apiCreditsResponseSchema = page(transactionViewSchema).extend({
  /** The caller's balance; null for an admin (unlimited). */
  balance: z.number().int().nullable(),
});
export const apiTransferResponseSchema = z.object({
  data: z.object({
    to: z.number().int(),
    credits: z.number().int(),
    balance: z.number().int().nullable(),
    recipient_balance: z.number().int(),
  }),
});
export const apiDeletedResponseSchema = z.object({ data: z.object({ deleted: z.literal(true) }) });
