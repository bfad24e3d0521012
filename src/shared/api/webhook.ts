import { z } from 'zod';
import { idParam, ok } from './common';

/**
 * What an endpoint may subscribe to (docs/product.md §Webhooks). Who receives which: an admin's
 * endpoint every event; anyone else's the events about its own devices and its own balance;
 * `registration.created` is for admins only.
 */
export const WEBHOOK_EVENTS = [
  'device.activated',
  'device.expiring',
  'device.expired',
  'device.banned',
  'credits.changed',
  'registration.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Events only an admin's endpoint may subscribe to. */
export const ADMIN_ONLY_WEBHOOK_EVENTS: readonly WebhookEvent[] = ['registration.created'];
/** The type of the event "Send test event" sends; it is not subscribable. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Endpoints one account may hold. */
export const WEBHOOK_ENDPOINTS_PER_ACCOUNT = 10;
export const WEBHOOK_URL_MAX = 2000;

/** POST /api/v1/webhooks */
export const createWebhookBodySchema = z.strictObject({
  url: z
    .string()
    .trim()
    .min(1, 'urlRequired')
    .max(WEBHOOK_URL_MAX)
    .refine((value) => /^https?:\/\/[^/]/i.test(value) && URL.canParse(value), 'urlInvalid'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'eventsRequired')
    .max(WEBHOOK_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, 'eventsRepeated'),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

export const webhookParamsSchema = z.strictObject({ id: idParam });
export const webhookDeliveryParamsSchema = z.strictObject({ id: idParam, deliveryId: idParam });

/** An endpoint as its owner's list shows it: never the secret. */
export const webhookViewSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  created_at: z.string(),
  /** Set when it was disabled for failing too long. */
  disabled_at: z.string().nullable(),
});
export type WebhookView = z.infer<typeof webhookViewSchema>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** One message to one endpoint and how its attempts went. */
export const webhookDeliveryViewSchema = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same on every attempt, for the receiver to drop repeats. */
  message_id: z.string(),
  type: z.string(),
  created_at: z.string(),
  attempts: z.number().int(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  /** The last attempt's HTTP status; null when none answered (timeout, refused address...). */
  response_status: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;

export const webhookListResponseSchema = ok(z.array(webhookViewSchema));
/** The one answer that carries the signing secret: it is never shown again. */
export const webhookCreatedResponseSchema = ok(webhookViewSchema.extend({ secret: z.string() }));
export const webhookDeliveryListResponseSchema = ok(z.array(webhookDeliveryViewSchema));
export const webhookDeliveryResponseSchema = ok(webhookDeliveryViewSchema);
