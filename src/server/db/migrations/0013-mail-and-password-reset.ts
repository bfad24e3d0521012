import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * Outgoing mail (decision 0014): each account's language, so its e-mails are written in it, and the
 * password-reset links' tokens, stored as hashes only (the plaintext exists only in the e-mail).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const ts = kind === 'postgres' ? 'timestamptz' : 'text';
  // Existing accounts have never chosen: English until they next sign in.
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user_idx')
    .on('password_reset_tokens')
    .columns(['user_id'])
    .execute();
}
