import {
  ADMIN_ONLY_WEBHOOK_EVENTS,
  type CreateWebhookBody,
  WEBHOOK_ENDPOINTS_PER_ACCOUNT,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryView,
  type WebhookEvent,
  type WebhookView,
} from '../../../shared/api/webhook';
import type { WebhookSettings } from '../../config';
import type { UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { checkOutboundUrl, OutboundError } from '../../outbound/outbound-request';
import { messageBody, newMessageId, newSigningSecret } from './webhook-message';
import type { Db } from '../../db';
import { changeAndRecord, type EventRecorder } from '../events/outbox';
import {
  createWebhookRepository,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  type WebhookRepository,
} from './webhook-repository';

/** How many of an endpoint's latest deliveries its view lists. */
const DELIVERIES_SHOWN = 100;

export function createWebhookService(deps: {
  db: Db;
  events: EventRecorder;
  webhooks: WebhookRepository;
  settings: WebhookSettings;
  /** Wakes the webhook worker for a delivery written outside the outbox (a test event, a resend). */
  wakeWorker: () => void;
}) {
  const { db, events, webhooks, settings, wakeWorker } = deps;
  const policy = { allowPrivate: settings.allowPrivate, allowHttp: settings.allowHttp };

  /** The owner's endpoint, or 404 whether it is missing or someone else's. */
  async function ownEndpoint(owner: UserRow, id: number): Promise<WebhookEndpointRow> {
    const endpoint = await webhooks.findEndpoint(owner.id, id);
    if (!endpoint) throw notFound('Webhook endpoint not found');
    return endpoint;
  }

  return {
    async create(owner: UserRow, body: CreateWebhookBody): Promise<WebhookView & { secret: string }> {
      if (owner.role !== 'admin' && body.events.some((event) => ADMIN_ONLY_WEBHOOK_EVENTS.includes(event))) {
        throw forbidden('Only admins may subscribe to registration.created');
      }
      if ((await webhooks.countEndpoints(owner.id)) >= WEBHOOK_ENDPOINTS_PER_ACCOUNT) {
        throw new AppError(
          409,
          'limit_reached',
          `An account can hold at most ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} webhook endpoints`,
        );
      }
      // Checked now (scheme, address after DNS) so a mistake shows in the form; every delivery checks
      // again on its own connection, since a name may later resolve elsewhere.
      const url = await checkOutboundUrl(body.url, policy).catch((error: unknown) => {
        if (!(error instanceof OutboundError)) throw error;
        throw new AppError(400, 'url_not_allowed', error.message, { field: 'url' });
      });
      const secret = newSigningSecret();
      const row = await changeAndRecord(
        db,
        events,
        (trx) =>
          createWebhookRepository(trx).insertEndpoint({
            user_id: owner.id,
            url: url.href,
            events: JSON.stringify(body.events),
            secret,
          }),
        (created) => ({
          type: 'webhook.created',
          actorId: owner.id,
          subject: `webhook:${created.id}`,
          payload: { endpoint_id: created.id, target_name: created.url, events: body.events },
        }),
      );
      return { ...toEndpointView(row), secret };
    },

    async list(owner: UserRow): Promise<WebhookView[]> {
      return (await webhooks.listEndpoints(owner.id)).map(toEndpointView);
    },

    async remove(owner: UserRow, id: number): Promise<void> {
      const deleted = await changeAndRecord(
        db,
        events,
        (trx) => createWebhookRepository(trx).deleteEndpoint(owner.id, id),
        (done) =>
          done
            ? {
                type: 'webhook.deleted',
                actorId: owner.id,
                subject: `webhook:${id}`,
                payload: { endpoint_id: id },
              }
            : null,
      );
      if (!deleted) throw notFound('Webhook endpoint not found');
    },

    async deliveries(owner: UserRow, id: number): Promise<WebhookDeliveryView[]> {
      const endpoint = await ownEndpoint(owner, id);
      return (await webhooks.listDeliveries(endpoint.id, DELIVERIES_SHOWN)).map(toDeliveryView);
    },

    /** Sends a delivery again under the same webhook-id, with a fresh round of retries. */
    async resend(owner: UserRow, id: number, deliveryId: number): Promise<WebhookDeliveryView> {
      const endpoint = await ownEndpoint(owner, id);
      if (!endpoint.is_enabled) throw new AppError(409, 'endpoint_disabled', 'This endpoint is disabled');
      const row = await changeAndRecord(
        db,
        events,
        (trx) => createWebhookRepository(trx).resend(endpoint.id, deliveryId),
        (resent) =>
          resent
            ? {
                type: 'webhook.delivery_resent',
                actorId: owner.id,
                subject: `webhook:${endpoint.id}`,
                payload: {
                  endpoint_id: endpoint.id,
                  delivery_id: resent.id,
                  target_name: endpoint.url,
                  event: resent.type,
                },
              }
            : null,
      );
      if (!row) throw notFound('Delivery not found');
      wakeWorker();
      return toDeliveryView(row);
    },

    /** A `webhook.test` message, delivered like any other, so the owner can check the receiver. */
    async sendTest(owner: UserRow, id: number): Promise<WebhookDeliveryView> {
      const endpoint = await ownEndpoint(owner, id);
      if (!endpoint.is_enabled) throw new AppError(409, 'endpoint_disabled', 'This endpoint is disabled');
      const now = new Date();
      const [row] = await webhooks.insertDeliveries(
        [
          {
            endpoint_id: endpoint.id,
            event_id: null,
            message_id: newMessageId(),
            type: WEBHOOK_TEST_EVENT,
            body: messageBody(WEBHOOK_TEST_EVENT, now, { endpoint_id: endpoint.id }),
          },
        ],
        now,
      );
      wakeWorker();
      return toDeliveryView(row!);
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;

function toEndpointView(row: WebhookEndpointRow): WebhookView {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEvent[],
    enabled: row.is_enabled,
    created_at: row.created_at.toISOString(),
    disabled_at: row.disabled_at?.toISOString() ?? null,
  };
}

function toDeliveryView(row: WebhookDeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    message_id: row.message_id,
    type: row.type,
    created_at: row.created_at.toISOString(),
    attempts: row.attempts,
    state: row.state,
    response_status: row.response_status,
    latency_ms: row.latency_ms,
    last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
    next_attempt_at: row.state === 'pending' ? row.available_at.toISOString() : null,
    last_error: row.last_error,
  };
}
