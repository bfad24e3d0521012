import { z } from 'zod';
import { ok } from './common';
import { macSchema } from './mac-field';
import { playlistViewSchema } from './playlist';

export { macSchema } from './mac-field';

/** The device key as typed off a TV: spaces and dashes ignored, any case. */
export const deviceKeySchema = z
  .string()
  .max(64)
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().min(1, 'MAC key is required'));

/** POST /api/v1/device/register: the TV app's first launch. */
export const registerDeviceBodySchema = z.strictObject({
  mac: macSchema,
  app_name: z.string().trim().max(60).optional(),
});

export const registeredDeviceSchema = z.object({
  mac: z.string(),
  cle_mac: z.string(),
  payment_type: z.string(),
  expired_date: z.string().nullable(),
});
/** The first version's app reads the fields at the top level too, so they are sent in both places. */
export const registeredDeviceResponseSchema = ok(registeredDeviceSchema, registeredDeviceSchema.shape);

/** POST /api/v1/device/login and GET /api/v1/device?mac=&cle_mac= */
export const deviceCredentialsSchema = z.strictObject({ mac: macSchema, cle_mac: deviceKeySchema });
export type DeviceCredentials = z.input<typeof deviceCredentialsSchema>;

/** What every view of a device shows, to the TV app, the device page and the panel alike. */
export const deviceFieldsSchema = z.object({
  id: z.number().int(),
  mac: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  app_name: z.string().nullable(),
  created_at: z.string(),
  paid: z.boolean(),
  date_payment: z.string().nullable(),
  payment_type: z.string(),
  banned: z.boolean(),
  expired_date: z.string().nullable(),
});
export type DeviceFields = z.infer<typeof deviceFieldsSchema>;

/** A current message from the device's reseller or admin (POST /device-messages), in up to three languages. */
export const deviceMessageViewSchema = z.object({
  id: z.number().int(),
  texts: z.object({ en: z.string().optional(), fr: z.string().optional(), ar: z.string().optional() }),
  created_at: z.string(),
  expires_at: z.string(),
});
export type DeviceMessageView = z.infer<typeof deviceMessageViewSchema>;

/** The device as the device page and the TV app see it (docs/product.md); never the key. */
export const deviceViewSchema = deviceFieldsSchema.extend({
  playlists: z.array(playlistViewSchema),
  messages: z.array(deviceMessageViewSchema),
});
export type DeviceView = z.infer<typeof deviceViewSchema>;

export const deviceResponseSchema = ok(deviceViewSchema);

/** POST /api/v1/device/reset-key: the device's new key, shown once to the signed-in viewer. */
export const resetDeviceKeyResponseSchema = ok(z.object({ cle_mac: z.string() }));
