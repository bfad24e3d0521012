import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { IdempotencyKeysTable } from '../../db/schema';

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

export function createIdempotencyRepository(db: Db) {
  return {
    /** Claims (scope, key) for a first request; answers false when a row is already there. */
    async claim(scope: string, key: string, requestHash: string, now: Date): Promise<boolean> {
      const result = await db
        .insertInto('idempotency_keys')
        .values({ scope, key, request_hash: requestHash, created_at: now })
        .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    find(scope: string, key: string): Promise<IdempotencyRow | undefined> {
      return db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirst();
    },
    /**
     * Takes over a row whose owner is gone (older than `staleBefore` and still unanswered, or
     * answered but past its lifetime): only one taker wins, because the row must still be as read.
     */
    async takeOver(row: IdempotencyRow, requestHash: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('idempotency_keys')
        .set({
          request_hash: requestHash,
          created_at: now,
          response_status: null,
          response_type: null,
          response_body: null,
        })
        .where('scope', '=', row.scope)
        .where('key', '=', row.key)
        .where('created_at', '=', row.created_at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async saveAnswer(scope: string, key: string, answer: { status: number; type: string; body: string }) {
      await db
        .updateTable('idempotency_keys')
        .set({ response_status: answer.status, response_type: answer.type, response_body: answer.body })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
    },
    async release(scope: string, key: string): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute();
    },
    /** Rows older than `before`: nobody can replay them any more. */
    async deleteOlderThan(before: Date): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
