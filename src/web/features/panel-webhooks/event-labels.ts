import type { WebhookEvent } from '@shared/api/webhook';

/** What each event tells the receiver, in the reseller's words. */
export const EVENT_LABELS = {
  'device.activated': 'webhooks.events.device_activated',
  'device.expiring': 'webhooks.events.device_expiring',
  'device.expired': 'webhooks.events.device_expired',
  'device.banned': 'webhooks.events.device_banned',
  'credits.changed': 'webhooks.events.credits_changed',
  'registration.created': 'webhooks.events.registration_created',
} as const satisfies Record<WebhookEvent, string>;
