import type { Db } from '../../db';
import type { StoredEvent } from '../events/domain-events';
import type { DatabaseConsumer, DeliveryRound } from '../events/outbox';
import { createWebhookRepository } from './webhook-repository';
import { messageBody, newMessageId } from './webhook-message';

/**
 * Whose event it is, besides the admins' (who hear everything): the device's owner, the balance's
 * holder; null for what only admins hear (a client registration).
 */
function recipientOf(event: StoredEvent): number | null {
  switch (event.type) {
    case 'device.activated':
    case 'device.banned':
    case 'device.expiring':
    case 'device.expired':
      return event.payload.owner_id;
    case 'credits.changed':
      return event.payload.user_id;
    default:
      return null;
  }
}

/**
 * The outbox's webhook consumer (decision 0015). It only writes one webhook_deliveries row per
 * endpoint that subscribes, in the outbox's transaction, so each event becomes each endpoint's
 * delivery exactly once. The HTTP calls (up to 5 s each) are the webhook worker's, outside any
 * transaction: inside one, on SQLite, they would hold the only writer.
 */
export function createWebhookConsumer(onDeliveriesWritten: () => void = () => {}): DatabaseConsumer {
  return {
    name: 'webhooks',
    // The subscribable events (WEBHOOK_EVENTS in src/shared/api/webhook.ts).
    types: [
      'device.activated',
      'device.expiring',
      'device.expired',
      'device.banned',
      'credits.changed',
      'registration.created',
    ],
    maxAttempts: 10,
    async deliver(event: StoredEvent, trx: Db, round: DeliveryRound): Promise<void> {
      const repository = createWebhookRepository(trx);
      const recipient = recipientOf(event);
      // Once a round for each recipient: a round's events are mostly one busy reseller's (its
      // activations), and this lookup was the outbox's dearest statement, one per event.
      const hearing = await round.once(`webhook endpoints of ${recipient ?? 'admins'}`, async () =>
        (await repository.recipientEndpoints(recipient)).map((endpoint) => ({
          id: endpoint.id,
          events: JSON.parse(endpoint.events) as string[],
        })),
      );
      const endpoints = hearing.filter((endpoint) => endpoint.events.includes(event.type));
      if (endpoints.length === 0) return;
      const body = messageBody(event.type, event.createdAt, event.payload);
      await repository.insertDeliveries(
        endpoints.map((endpoint) => ({
          endpoint_id: endpoint.id,
          event_id: event.id,
          message_id: newMessageId(),
          type: event.type,
          body,
        })),
      );
      onDeliveriesWritten();
    },
  };
}
