import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { ApiKeysTable } from '../../db/schema';

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type ApiKeyWrite = Pick<
  ApiKeyRow,
  'user_id' | 'name' | 'prefix' | 'secret_hash' | 'scopes' | 'expires_at'
>;

export function createApiKeyRepository(db: Db) {
  /** Neither revoked nor expired at `now`. */
  const live = (now: Date) =>
    db
      .selectFrom('api_keys')
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
  return {
    insert(key: ApiKeyWrite): Promise<ApiKeyRow> {
      return db
        .insertInto('api_keys')
        .values({ ...key, created_at: new Date() })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async countLive(userId: number, now: Date): Promise<number> {
      const row = await live(now)
        .where('user_id', '=', userId)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    /** The owner's keys that are not revoked (expired ones stay listed, marked by their date), newest first. */
    listForOwner(userId: number): Promise<ApiKeyRow[]> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .orderBy('id', 'desc')
        .execute();
    },
    findLiveBySecretHash(secretHash: string, now: Date): Promise<ApiKeyRow | undefined> {
      return live(now).selectAll().where('secret_hash', '=', secretHash).executeTakeFirst();
    },
    /** Answers whether the owner had such a key to revoke. */
    async revoke(userId: number, id: number): Promise<boolean> {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: new Date() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async markUsed(id: number, at: Date, ip: string): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: at, last_used_ip: ip })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;
