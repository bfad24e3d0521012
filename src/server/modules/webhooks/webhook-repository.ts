import { randomBytes } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import { type Db, isSqlite } from '../../db';
import { prepareQueryOnce } from '../../db/prepared';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type NewWebhookDelivery = Pick<
  Insertable<WebhookDeliveriesTable>,
  'endpoint_id' | 'event_id' | 'message_id' | 'type' | 'body'
>;

/** A delivery the worker holds: its claim token makes its result count only while the lease lasts. */
export type ClaimedWebhookDelivery = Pick<
  WebhookDeliveryRow,
  'id' | 'endpoint_id' | 'message_id' | 'body' | 'attempts'
> & { claimToken: string };

/** What one attempt came to, as the owner's deliveries view shows it. */
export type AttemptResult = {
  state: WebhookDeliveryRow['state'];
  responseStatus: number | null;
  latencyMs: number | null;
  error: string | null;
  /** The next attempt, when the state stays pending. */
  nextAttemptAt: Date | null;
  at: Date;
};

/** The enabled endpoints of every admin who is not banned, and of `recipientId` if given. */
function endpointsHearing(db: Db, recipientId?: number) {
  const hearers = db
    .selectFrom('users')
    .select('id')
    .where('is_banned', '=', false)
    .where((eb) =>
      recipientId === undefined
        ? eb('role', '=', 'admin')
        : eb.or([eb('role', '=', 'admin'), eb('id', '=', recipientId)]),
    );
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('is_enabled', '=', true)
    .where('user_id', 'in', hearers)
    .orderBy('id');
}
// Looked up for every event the outbox delivers (each activation's, among others).
const adminEndpoints = prepareQueryOnce(0, (db) => endpointsHearing(db));
const recipientEndpoints = prepareQueryOnce(1, (db, recipientId: number) =>
  endpointsHearing(db, recipientId),
);

/** Webhooks' SQL (decision 0015). Every function takes the connection or transaction it runs in. */
export function createWebhookRepository(db: Db) {
  return {
    insertEndpoint(
      endpoint: Pick<WebhookEndpointRow, 'user_id' | 'url' | 'events' | 'secret'>,
    ): Promise<WebhookEndpointRow> {
      return db
        .insertInto('webhook_endpoints')
        .values({ ...endpoint, created_at: new Date() })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async countEndpoints(userId: number): Promise<number> {
      const row = await db
        .selectFrom('webhook_endpoints')
        .where('user_id', '=', userId)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    listEndpoints(userId: number): Promise<WebhookEndpointRow[]> {
      return db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute();
    },

    /** The owner's endpoint; undefined when it is missing or someone else's. */
    findEndpoint(userId: number, id: number): Promise<WebhookEndpointRow | undefined> {
      return db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    findEndpointsById(ids: number[]): Promise<WebhookEndpointRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('webhook_endpoints').selectAll().where('id', 'in', ids).execute();
    },

    async deleteEndpoint(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('webhook_endpoints')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * The enabled endpoints of accounts that may hear about something of `recipientId`'s: every admin's,
     * and the recipient's own (none besides the admins' when null). Banned accounts hear nothing.
     * Written as the hearers first, then their endpoints, so both databases look both up by index: with
     * a join and an OR across its tables, SQLite read every account for every event (64 µs with 1,000
     * resellers and no endpoint at all, 25 µs this way; decision 0020).
     */
    recipientEndpoints(recipientId: number | null): Promise<Pick<WebhookEndpointRow, 'id' | 'events'>[]> {
      return recipientId === null ? adminEndpoints(db)() : recipientEndpoints(db)(recipientId);
    },

    /** A success ends the endpoint's failing streak. */
    async markEndpointWorking(id: number): Promise<void> {
      await db
        .updateTable('webhook_endpoints')
        .set({ first_failure_at: null })
        .where('id', '=', id)
        .where('first_failure_at', 'is not', null)
        .execute();
    },

    /** Starts the failing streak if none is running; answers when it started. */
    async markEndpointFailing(id: number, now: Date): Promise<Date | null> {
      await db
        .updateTable('webhook_endpoints')
        .set({ first_failure_at: now })
        .where('id', '=', id)
        .where('first_failure_at', 'is', null)
        .execute();
      const row = await db
        .selectFrom('webhook_endpoints')
        .select('first_failure_at')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.first_failure_at ?? null;
    },

    /** Disables an enabled endpoint and gives up its pending deliveries; false when it was not enabled. */
    async disableEndpoint(id: number, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('webhook_endpoints')
        .set({ is_enabled: false, disabled_at: now })
        .where('id', '=', id)
        .where('is_enabled', '=', true)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await db
        .updateTable('webhook_deliveries')
        .set({ state: 'failed', locked_until: null, claim_token: null, last_error: 'endpoint disabled' })
        .where('endpoint_id', '=', id)
        .where('state', '=', 'pending')
        .execute();
      return true;
    },

    async insertDeliveries(
      deliveries: NewWebhookDelivery[],
      now = new Date(),
    ): Promise<WebhookDeliveryRow[]> {
      if (deliveries.length === 0) return [];
      return db
        .insertInto('webhook_deliveries')
        .values(
          deliveries.map((d) => ({ ...d, state: 'pending' as const, available_at: now, created_at: now })),
        )
        .returningAll()
        .execute();
    },

    /**
     * Claims up to `limit` due deliveries to enabled endpoints for `leaseMs`, as the outbox claims its
     * rows (event-repository.ts): FOR UPDATE SKIP LOCKED on PostgreSQL, so instances take different
     * rows; a claim whose lease ran out (its worker died) is due again.
     */
    async claim(limit: number, leaseMs: number, now = new Date()): Promise<ClaimedWebhookDelivery[]> {
      const token = randomBytes(12).toString('hex');
      const due = db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('state', '=', 'pending')
        .where('available_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .where('endpoint_id', 'in', (eb) =>
          eb.selectFrom('webhook_endpoints').select('id').where('is_enabled', '=', true),
        )
        .orderBy('available_at')
        .orderBy('id')
        .limit(limit);
      const rows = await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          locked_until: new Date(now.getTime() + leaseMs),
          claim_token: token,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', 'in', isSqlite(db) ? due : due.forUpdate().skipLocked())
        .returning(['id', 'endpoint_id', 'message_id', 'body', 'attempts'])
        .execute();
      return rows.map((row) => ({ ...row, claimToken: token })).sort((a, b) => a.id - b.id);
    },

    /** Writes an attempt's result; false when the claim was lost (its lease ran out, or it was resent). */
    async recordAttempt(delivery: ClaimedWebhookDelivery, result: AttemptResult): Promise<boolean> {
      const update = await db
        .updateTable('webhook_deliveries')
        .set({
          state: result.state,
          response_status: result.responseStatus,
          latency_ms: result.latencyMs,
          last_error: result.error?.slice(0, 500) ?? null,
          last_attempt_at: result.at,
          locked_until: null,
          claim_token: null,
          ...(result.nextAttemptAt ? { available_at: result.nextAttemptAt } : {}),
        })
        .where('id', '=', delivery.id)
        .where('claim_token', '=', delivery.claimToken)
        .executeTakeFirst();
      return Number(update.numUpdatedRows) === 1;
    },

    listDeliveries(endpointId: number, limit: number): Promise<WebhookDeliveryRow[]> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Makes a delivery due now with a fresh round of retries, under the same webhook-id. A claim in
     * flight loses its token, so its late result does not overwrite the resend's.
     */
    resend(
      endpointId: number,
      deliveryId: number,
      now = new Date(),
    ): Promise<WebhookDeliveryRow | undefined> {
      return db
        .updateTable('webhook_deliveries')
        .set({ state: 'pending', attempts: 0, available_at: now, locked_until: null, claim_token: null })
        .where('id', '=', deliveryId)
        .where('endpoint_id', '=', endpointId)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
