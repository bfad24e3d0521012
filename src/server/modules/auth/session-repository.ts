import type { Db } from '../../db';
import { keptWhileUnchanged } from '../../db/kept-while-unchanged';
import { prepareQuery } from '../../db/prepared';

export function createSessionRepository(db: Db) {
  const withUser = prepareQuery(db, 1, (tokenHash: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select(['sessions.last_seen_at', 'sessions.token_hash', 'sessions.created_at as session_created_at'])
      .where('sessions.token_hash', '=', tokenHash),
  );
  // Every panel request reads its session; the same row is answered from memory while nothing is
  // written (decision 0058), on PostgreSQL while no change to users or sessions is heard (0063).
  const readSession = async (tokenHash: string) => (await withUser(tokenHash))[0];
  const sessionWithUser = keptWhileUnchanged(db, readSession, { postgres: true });
  return {
    async insert(session: {
      tokenHash: string;
      userId: number;
      ip: string | null;
      userAgent: string | null;
    }) {
      const now = new Date();
      await db
        .insertInto('sessions')
        .values({
          token_hash: session.tokenHash,
          user_id: session.userId,
          created_at: now,
          last_seen_at: now,
          ip: session.ip,
          user_agent: session.userAgent,
        })
        .execute();
    },
    /** The session with its user, in one round trip, compiled once: this runs on every panel request. */
    findByTokenHash(tokenHash: string) {
      return sessionWithUser(tokenHash);
    },
    async touch(tokenHash: string, at: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: at })
        .where('token_hash', '=', tokenHash)
        .execute();
    },
    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },
    /** Deletes the session; answers whose it was (null: there was none). */
    async deleteReturningUser(tokenHash: string): Promise<number | null> {
      const row = await db
        .deleteFrom('sessions')
        .where('token_hash', '=', tokenHash)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id ?? null;
    },
    async deleteAllForUser(userId: number): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },
    /** The account's sessions, most recently used first. */
    listForUser(userId: number) {
      return db
        .selectFrom('sessions')
        .select(['token_hash', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
        .where('user_id', '=', userId)
        .orderBy('last_seen_at', 'desc')
        .execute();
    },
    /** Ends the user's session whose hash starts with `hashPrefix`; answers whether there was one. */
    async deleteForUserByHashPrefix(userId: number, hashPrefix: string): Promise<boolean> {
      const result = await db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('token_hash', '>=', hashPrefix)
        // Hex digits sort below 'g': every hash with the prefix lies in [prefix, prefix + 'g').
        .where('token_hash', '<', `${hashPrefix}g`)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** Ends every session of the user but one; answers how many ended. */
    async deleteOthersForUser(userId: number, keepTokenHash: string): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('token_hash', '!=', keepTokenHash)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
