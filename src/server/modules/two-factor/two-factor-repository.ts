import type { Db } from '../../db';

/** Two-factor rows (migration 0016). Every "use once" rule is one conditional statement, so it holds under concurrency. */
export function createTwoFactorRepository(db: Db) {
  return {
    /** Starts (or restarts) an enrolment: the new secret replaces a pending one. */
    async savePendingSecret(userId: number, secret: string): Promise<void> {
      await db.deleteFrom('two_factor_secrets').where('user_id', '=', userId).execute();
      await db
        .insertInto('two_factor_secrets')
        .values({ user_id: userId, secret, last_used_step: null, created_at: new Date() })
        .execute();
    },
    async findSecret(userId: number) {
      return db
        .selectFrom('two_factor_secrets')
        .select(['secret', 'last_used_step'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    /**
     * Records `step` as the last accepted one, only if it is later than the one stored: false means
     * this code (or an earlier one) was already used, by this request's twin too.
     */
    async claimStep(userId: number, step: number): Promise<boolean> {
      const row = await db
        .updateTable('two_factor_secrets')
        .set({ last_used_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Turns two-factor on with a fresh set of recovery codes (hashes), in the caller's transaction. */
    async enable(userId: number, codeHashes: string[]): Promise<void> {
      const now = new Date();
      await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
      await db
        .insertInto('two_factor_recovery_codes')
        .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
        .execute();
      await db
        .updateTable('users')
        .set({ has_two_factor: true, updated_at: now })
        .where('id', '=', userId)
        .execute();
    },
    /** Turns two-factor off: secret, recovery codes and pending step tokens go. */
    async disable(userId: number): Promise<void> {
      await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
      await db.deleteFrom('two_factor_secrets').where('user_id', '=', userId).execute();
      await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
      await db
        .updateTable('users')
        .set({ has_two_factor: false, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
    },
    /** Spends an unused recovery code: true for exactly one caller, however many send it at once. */
    async spendRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
      const row = await db
        .updateTable('two_factor_recovery_codes')
        .set({ used_at: new Date() })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async insertChallenge(tokenHash: string, userId: number, expiresAt: Date): Promise<void> {
      const now = new Date();
      // Expired step tokens are swept as new ones are made: the table stays as small as the traffic.
      await db.deleteFrom('two_factor_challenges').where('expires_at', '<', now).execute();
      await db
        .insertInto('two_factor_challenges')
        .values({ token_hash: tokenHash, user_id: userId, created_at: now, expires_at: expiresAt })
        .execute();
    },
    /** The user a live step token was issued to. */
    async findChallenge(tokenHash: string, at: Date) {
      return db
        .selectFrom('two_factor_challenges')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', at)
        .executeTakeFirst();
    },
    /** Uses a step token up: true for exactly one caller. */
    async consumeChallenge(tokenHash: string, at: Date): Promise<boolean> {
      const row = await db
        .deleteFrom('two_factor_challenges')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', at)
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
