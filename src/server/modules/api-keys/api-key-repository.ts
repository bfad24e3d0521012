import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import { prepareQuery } from '../../db/prepared';
import type { ApiKeysTable, UserRow } from '../../db/schema';

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
      .where('api_keys.revoked_at', 'is', null)
      .where((eb) => eb.or([eb('api_keys.expires_at', 'is', null), eb('api_keys.expires_at', '>', now)]));
  // The key's columns beside its owner's, renamed where users has the same name (id, name, created_at).
  const liveWithOwner = prepareQuery(db, 2, (secretHash: string, now: Date) =>
    live(now)
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .selectAll('users')
      .select([
        'api_keys.id as key_id',
        'api_keys.user_id',
        'api_keys.name as key_name',
        'api_keys.prefix',
        'api_keys.secret_hash',
        'api_keys.scopes',
        'api_keys.created_at as key_created_at',
        'api_keys.expires_at',
        'api_keys.revoked_at',
        'api_keys.last_used_at',
        'api_keys.last_used_ip',
      ])
      .where('api_keys.secret_hash', '=', secretHash),
  );
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
    /**
     * A live key with its owner, in one statement compiled once: every call of the reseller API
     * runs it, and on SQLite each statement outside a transaction waits for the commit of the turn
     * in flight (decision 0042), so two reads would wait twice.
     */
    async findLiveWithOwner(
      secretHash: string,
      now: Date,
    ): Promise<{ key: ApiKeyRow; owner: UserRow } | undefined> {
      const [row] = await liveWithOwner(secretHash, now);
      if (!row) return undefined;
      const {
        key_id,
        user_id,
        key_name,
        prefix,
        secret_hash,
        scopes,
        key_created_at,
        expires_at,
        revoked_at,
        last_used_at,
        last_used_ip,
        ...owner
      } = row;
      const key: ApiKeyRow = {
        id: key_id,
        user_id,
        name: key_name,
        prefix,
        secret_hash,
        scopes,
        created_at: key_created_at,
        expires_at,
        revoked_at,
        last_used_at,
        last_used_ip,
      };
      return { key, owner };
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
