import type { Db } from '../../db';

/** Reset links' tokens, by SHA-256 only. Works with the database or a transaction. */
export function createPasswordResetRepository(db: Db) {
  return {
    async insert(token: { tokenHash: string; userId: number; createdAt: Date; expiresAt: Date }) {
      await db
        .insertInto('password_reset_tokens')
        .values({
          token_hash: token.tokenHash,
          user_id: token.userId,
          created_at: token.createdAt,
          expires_at: token.expiresAt,
        })
        .execute();
    },
    async findLiveOwner(tokenHash: string, at: Date): Promise<number | undefined> {
      const row = await db
        .selectFrom('password_reset_tokens')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return row?.user_id;
    },
    /**
     * Takes a live token away and answers whose it was, in one statement: of two requests with the
     * same token, the database lets exactly one delete the row (the other waits for it, then finds none).
     */
    async consume(tokenHash: string, at: Date): Promise<number | undefined> {
      const row = await db
        .deleteFrom('password_reset_tokens')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', at)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },
    /** After a reset or a password change, any other link still in a mailbox stops working. */
    async deleteAllForUser(userId: number): Promise<void> {
      await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
    },
    async deleteExpired(at: Date): Promise<void> {
      await db.deleteFrom('password_reset_tokens').where('expires_at', '<=', at).execute();
    },
  };
}
export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
