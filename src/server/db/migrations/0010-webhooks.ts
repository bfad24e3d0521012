import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * Webhooks (decision 0015). `webhook_endpoints` holds each account's endpoints and their signing
 * secrets (kept as written: a signature needs the secret itself). `webhook_deliveries` is one row per
 * (message, endpoint), written by the outbox's webhook consumer in its transaction and then claimed,
 * sent and retried by the webhook worker outside any transaction, like event_deliveries but with what
 * the owner sees of each attempt (status, latency).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const pg = kind === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';
  const bool = pg ? 'boolean' : 'integer';
  const id = pg ? ('serial' as const) : ('integer' as const);
  const autoId = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T): T =>
    pg ? c.primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', id, autoId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    // JSON array of event types.
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('is_enabled', bool, (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', ts, (c) => c.notNull())
    // The first failure since the last success: an endpoint failing for long enough is disabled.
    .addColumn('first_failure_at', ts)
    .addColumn('disabled_at', ts)
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_user_idx')
    .on('webhook_endpoints')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', id, autoId)
    .addColumn('endpoint_id', 'integer', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    // Null for a test event (not a domain event); no foreign key, like events' own references.
    .addColumn('event_id', 'integer')
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // The exact body sent on every attempt.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('available_at', ts, (c) => c.notNull())
    .addColumn('locked_until', ts)
    .addColumn('claim_token', 'text')
    .addColumn('response_status', 'integer')
    .addColumn('latency_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  // The worker's scan: only pending deliveries, oldest due first.
  await db.schema
    .createIndex('webhook_deliveries_pending_idx')
    .on('webhook_deliveries')
    .columns(['available_at', 'id'])
    .where(sql.ref('state'), '=', 'pending')
    .execute();
  // The owner's deliveries view, newest first.
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
}
