import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * `Idempotency-Key` (docs/architecture.md §6.10): one row per (caller, key) with a hash of the
 * request and, once answered, the answer to replay. In the database, so a retry that reaches another
 * instance is recognised too.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const ts = kind === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    // Null while the first request runs; then the answer to replay.
    .addColumn('response_status', 'integer')
    .addColumn('response_type', 'text')
    .addColumn('response_body', 'text')
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .columns(['created_at'])
    .execute();
}
