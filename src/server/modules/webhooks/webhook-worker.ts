import { Webhook } from 'standardwebhooks';
import type { WebhookSettings } from '../../config';
import type { Db } from '../../db';
import { OutboundError, outboundRequest } from '../../outbound/outbound-request';
import type { EventRecorder } from '../events/outbox';
import { createWorkerLoop } from '../events/worker-loop';
import {
  type AttemptResult,
  type ClaimedWebhookDelivery,
  createWebhookRepository,
  type WebhookEndpointRow,
} from './webhook-repository';

/** Longer than an attempt's deadline, so a live worker never loses a claim it is still sending. */
const LEASE_MS = 60_000;
const BATCH_SIZE = 20;
/** Receivers' answers are not kept; a short limit ends a huge one early. */
const MAX_ANSWER_BYTES = 64 * 1024;

export type WebhookWorkerDeps = {
  db: Db;
  settings: WebhookSettings;
  /** For the `webhook.disabled` event (its owner's notification), recorded with the disabling. */
  events: EventRecorder;
  onError?: (error: unknown, context: { deliveryId: number }) => void;
};

/** An attempt's HTTP outcome: the status when the receiver answered, else why not. */
type Outcome = { status: number | null; error: string | null; latencyMs: number };

/** The wait after the n-th failed attempt: retryBaseMs doubling (10 s, 20 s, 40 s, … with the defaults). */
export function webhookRetryDelayMs(settings: WebhookSettings, attempts: number): number {
  return settings.retryBaseMs * 2 ** Math.max(0, attempts - 1);
}

/**
 * Sends webhook deliveries (decision 0015): claims due rows with a lease, as the outbox does, then
 * sends each with outboundRequest outside any transaction (5 s deadline, no redirects, the address
 * policy checked on the connection itself), and records status, latency and the next attempt. With
 * several instances on PostgreSQL each delivery is attempted by one of them at a time.
 */
export function createWebhookWorker(deps: WebhookWorkerDeps) {
  const { db, settings, events, onError = () => {} } = deps;
  const repository = createWebhookRepository(db);
  const policy = { allowPrivate: settings.allowPrivate, allowHttp: settings.allowHttp };

  async function send(delivery: ClaimedWebhookDelivery, endpoint: WebhookEndpointRow): Promise<Outcome> {
    const sentAt = new Date();
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      // Signed per attempt: the signature covers the timestamp, which receivers check for freshness.
      const signature = new Webhook(endpoint.secret).sign(delivery.message_id, sentAt, delivery.body);
      const response = await outboundRequest(endpoint.url, {
        policy,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'StreamBox-Webhooks/1',
          'webhook-id': delivery.message_id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body: delivery.body,
        timeoutMs: settings.timeoutMs,
        maxRedirects: 0,
        maxBytes: MAX_ANSWER_BYTES,
      });
      // The answer's body is not kept; read it away so the connection ends cleanly.
      response.body.on('error', () => {});
      response.body.resume();
      const ok = response.status >= 200 && response.status < 300;
      const redirect = response.status >= 300 && response.status < 400;
      return {
        status: response.status,
        error: ok ? null : redirect ? 'Redirect not followed' : `Answered ${response.status}`,
        latencyMs: latency(),
      };
    } catch (error) {
      const message = error instanceof OutboundError ? error.message : 'The request could not be sent';
      if (!(error instanceof OutboundError)) onError(error, { deliveryId: delivery.id });
      return { status: null, error: message, latencyMs: latency() };
    }
  }

  /** After a failure: an endpoint that has not succeeded for disableAfterMs is disabled, its owner told. */
  async function noteFailure(endpoint: WebhookEndpointRow, now: Date): Promise<void> {
    const since = await repository.markEndpointFailing(endpoint.id, now);
    if (!since || now.getTime() - since.getTime() < settings.disableAfterMs) return;
    await db.transaction().execute(async (trx) => {
      if (!(await createWebhookRepository(trx).disableEndpoint(endpoint.id, now))) return;
      await events.record(trx, {
        type: 'webhook.disabled',
        actorId: null,
        subject: `webhook:${endpoint.id}`,
        payload: { endpoint_id: endpoint.id, owner_id: endpoint.user_id, url: endpoint.url },
      });
    });
  }

  async function attempt(delivery: ClaimedWebhookDelivery, endpoint: WebhookEndpointRow | undefined) {
    // Deleted since the claim: its deliveries went with it.
    if (!endpoint) return;
    const outcome = await send(delivery, endpoint);
    const now = new Date();
    const delivered = outcome.error === null;
    const givenUp = !delivered && delivery.attempts >= settings.maxAttempts;
    const result: AttemptResult = {
      state: delivered ? 'delivered' : givenUp ? 'failed' : 'pending',
      responseStatus: outcome.status,
      latencyMs: outcome.latencyMs,
      error: outcome.error,
      nextAttemptAt:
        delivered || givenUp
          ? null
          : new Date(now.getTime() + webhookRetryDelayMs(settings, delivery.attempts)),
      at: now,
    };
    // A lost claim (resent meanwhile, or the lease ran out) leaves the row to its new holder.
    if (!(await repository.recordAttempt(delivery, result))) return;
    if (delivered) await repository.markEndpointWorking(endpoint.id);
    else await noteFailure(endpoint, now);
  }

  /** One claim-and-send round; answers how many deliveries it claimed. */
  async function pass(): Promise<number> {
    const claimed = await repository.claim(BATCH_SIZE, LEASE_MS);
    if (claimed.length === 0) return 0;
    const endpoints = await repository.findEndpointsById([...new Set(claimed.map((d) => d.endpoint_id))]);
    const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    // Side by side: one slow receiver (up to the deadline) does not hold the others back.
    await Promise.all(
      claimed.map((delivery) =>
        attempt(delivery, byId.get(delivery.endpoint_id)).catch((error: unknown) =>
          onError(error, { deliveryId: delivery.id }),
        ),
      ),
    );
    return claimed.length;
  }

  return createWorkerLoop(pass, {
    pollMs: settings.pollMs,
    batchSize: BATCH_SIZE,
    onError: (error) => onError(error, { deliveryId: 0 }),
  });
}
export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
