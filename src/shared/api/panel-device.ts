import { z } from 'zod';
import { idParam, ok, okList } from './common';
import { deviceFieldsSchema, deviceKeySchema, macSchema } from './device';
import { PAID_PLANS } from '../plans';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** GET /api/v1/device/all and /device/reseller/{userId} */
export const deviceListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'per_page must be 10, 25, 50 or 100')
    .default(10),
  status: z
    .enum(['free', 'year', 'lifetime'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  payment: z
    .enum(['paid', 'unpaid', 'free'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  search: z.string().trim().max(100).optional(),
  /** Subscriptions ending in the next 7 days (the dashboard's "expiring in 7 days" and the digest's link). */
  expiring: z
    .enum(['7d'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type DeviceListQuery = z.input<typeof deviceListQuerySchema>;

/** The panel's device list filtered to `expiring=7d`: where the dashboard's card, the digest notification and its e-mail lead. */
export const EXPIRING_SOON_DEVICES_PATH = '/dashboard/devices?expiring=7d';

/** GET /api/v1/device/export.csv: the list's filters, without paging (every matching device). */
export const deviceExportQuerySchema = deviceListQuerySchema.omit({ page: true, per_page: true });

export const paginationSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** A device as the panel shows it. `cle_mac` only for an admin or the owning reseller. */
export const panelDeviceSchema = deviceFieldsSchema.extend({
  owner_id: z.number().int().nullable(),
  cle_mac: z.string().optional(),
  /** Check MAC of a device the caller does not manage: activating it needs the viewer's device key. */
  device_key_required: z.boolean().optional(),
});
export type PanelDevice = z.infer<typeof panelDeviceSchema>;

export const deviceListResponseSchema = okList(panelDeviceSchema, { pagination: paginationSchema });
export type DeviceListResponse = z.infer<typeof deviceListResponseSchema>;
export const panelDeviceResponseSchema = ok(panelDeviceSchema);
/** Ban and Reset key: the device as it now is, and a sentence saying what happened. */
export const deviceChangeResponseSchema = ok(panelDeviceSchema, { message: z.string() });

export const deviceIdParams = z.strictObject({ id: idParam });
export const resellerDevicesParams = z.strictObject({ userId: idParam });

/** PUT /api/v1/device/{id}: any field SPEC's client sends is accepted, only name and phone are applied. */
export const updateDeviceBodySchema = z
  .object({
    name: z.string().trim().max(100).nullable().optional(),
    phone: z.string().trim().max(30).nullable().optional(),
  })
  .passthrough()
  .transform(({ name, phone }) => ({ name, phone }));

/** POST /api/v1/client/device/check-mac */
export const checkMacBodySchema = z.strictObject({ mac: macSchema });

/** POST /api/v1/device/updatepayment: `mac` is the device's id (docs/product.md). */
export const activationBodySchema = z.strictObject({
  user_id: z.coerce.number().int().positive(),
  plan: z.enum(PAID_PLANS),
  mac: z.coerce.number().int().positive(),
  name: z.string().trim().max(100).optional().nullable(),
  phone: z.string().trim().max(30).optional().nullable(),
  /** The viewer's consent for a device that belongs to a viewer (docs/architecture.md). */
  cle_mac: deviceKeySchema.optional(),
});
export type ActivationBody = z.input<typeof activationBodySchema>;

export const activationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The caller's balance after the debit; null for admins, who pay nothing. */
  updated_credits: z.number().int().nullable(),
});

export const dashboardQuerySchema = z.strictObject({ user: z.coerce.number().int().positive() });

export const dashboardCountsSchema = z.object({
  devicesCount: z.number().int(),
  blockedDevicesCount: z.number().int(),
  clientsCount: z.number().int(),
  activeDevicesCount: z.number().int(),
  expiredDevicesCount: z.number().int(),
  /** Not banned, on an expiring plan, ending in the next 7 days: the list `expiring=7d` shows them. */
  expiringSoonCount: z.number().int(),
  notificationsCount: z.number().int(),
  transactionsCount: z.number().int(),
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;

export const dashboardResponseSchema = ok(dashboardCountsSchema, { message: z.string() });
