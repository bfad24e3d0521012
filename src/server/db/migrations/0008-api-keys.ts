import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * Reseller API keys (docs/product.md §API keys): only the secret's SHA-256 is stored, with the
 * prefix the owner recognises it by. Revoked keys keep their row, so the list of what a key did stays
 * explainable; the owner's deletion removes them.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const pg = kind === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('api_keys')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts)
    .addColumn('revoked_at', ts)
    .addColumn('last_used_at', ts)
    .addColumn('last_used_ip', 'text')
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').columns(['user_id', 'id']).execute();
}
