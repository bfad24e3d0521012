import { z } from 'zod';
import { idParam, ok } from './common';
import { deviceMessageViewSchema } from './device';
import { macField } from './mac-field';
import { deviceExportQuerySchema } from './panel-device';

export const DEVICE_MESSAGE_MAX = 500;
/** How long a message stays on the TV, in days: the form's choices and the only ones accepted. */
export const DEVICE_MESSAGE_DAYS = [1, 3, 7, 14, 30, 90] as const;

const text = z.string().trim().max(DEVICE_MESSAGE_MAX).optional();

/**
 * A message in up to three languages: the TV app and the device page show the viewer's language, or
 * the first one written. An empty text is no text.
 */
export const deviceMessageTextsSchema = z
  .strictObject({ en: text, fr: text, ar: text })
  .transform((texts) => ({ en: texts.en || undefined, fr: texts.fr || undefined, ar: texts.ar || undefined }))
  .refine((texts) => Boolean(texts.en || texts.fr || texts.ar), { message: 'messageRequired', path: ['en'] });
export type DeviceMessageTexts = z.output<typeof deviceMessageTextsSchema>;

/**
 * Who receives it: one device (by MAC), every device of the sender's, or those the device list's
 * filters select. The recipients are fixed when it is sent; a reseller reaches only its own devices.
 */
export const deviceMessageTargetSchema = z.discriminatedUnion('to', [
  z.strictObject({
    to: z.literal('device'),
    mac: macField({ required: 'macRequired', invalid: 'macInvalid' }),
  }),
  z.strictObject({ to: z.literal('all') }),
  z.strictObject({ to: z.literal('filter'), filter: deviceExportQuerySchema }),
]);
export type DeviceMessageTarget = z.input<typeof deviceMessageTargetSchema>;

/** POST /api/v1/device-messages. Shared with the panel's form. */
export const sendDeviceMessageBodySchema = z.strictObject({
  texts: deviceMessageTextsSchema,
  days: z.coerce
    .number()
    .int()
    .refine((days) => (DEVICE_MESSAGE_DAYS as readonly number[]).includes(days)),
  target: deviceMessageTargetSchema,
});
export type SendDeviceMessageBody = z.input<typeof sendDeviceMessageBodySchema>;
export type ParsedDeviceMessage = z.output<typeof sendDeviceMessageBodySchema>;

/** A message in the panel's list of those sent. */
export const sentDeviceMessageSchema = deviceMessageViewSchema.extend({
  recipients: z.number().int(),
  author: z.string().nullable(),
});
export type SentDeviceMessage = z.infer<typeof sentDeviceMessageSchema>;

export const deviceMessageParams = z.strictObject({ id: idParam });
export const sentDeviceMessageResponseSchema = ok(sentDeviceMessageSchema);
export const sentDeviceMessagesResponseSchema = ok(z.array(sentDeviceMessageSchema));
