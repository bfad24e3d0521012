import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * Two-factor sign-in (docs/decisions/0016-two-factor.md).
 * - `users.has_two_factor`: read with the user on every panel request (the session query selects the
 *   user's row), so the enrolment guard costs no extra query.
 * - `two_factor_secrets`: the TOTP secret, apart from `users` so the secret never rides along with the
 *   signed-in user; a row with has_two_factor still false is an enrolment in progress. `last_used_step`
 *   is the last accepted 30-second step: a code is accepted only for a later step (no replay).
 * - `two_factor_recovery_codes`: SHA-256 of each code (80 random bits, so a plain hash suffices) and
 *   when it was used; used codes stay so a second use is refused, not unknown.
 * - `two_factor_challenges`: the step token between password and code, stored hashed, short-lived.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const pg = kind === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';
  const bool = pg ? 'boolean' : 'integer';
  await db.schema
    .alterTable('users')
    .addColumn('has_two_factor', bool, (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('two_factor_secrets')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    // 30-second steps since 1970: about 59 million today, within an integer until the year 4000.
    .addColumn('last_used_step', 'integer')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_codes_user_idx')
    .on('two_factor_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('two_factor_challenges_expires_idx')
    .on('two_factor_challenges')
    .columns(['expires_at'])
    .execute();
}
