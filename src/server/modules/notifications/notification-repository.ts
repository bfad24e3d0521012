import type { Notification } from '../../../shared/api/auth';
import type { Db } from '../../db';
import { prepareQueryOnce, prepareQueryPerCount } from '../../db/prepared';

/** One notification for each of the users, compiled once for each number of them up to 16. */
const insertNotifications = prepareQueryPerCount(16, (count) =>
  prepareQueryOnce(
    4 + count,
    (db, kind: string, message: string, params: string | null, now: Date, ...userIds: number[]) =>
      db
        .insertInto('notifications')
        .values(userIds.map((userId) => ({ user_id: userId, kind, message, params, created_at: now }))),
  ),
);

/** Takes the database or a transaction, so an event's notification is written with the event. */
export function createNotificationRepository(db: Db) {
  return {
    async listRecent(userId: number, limit = 20): Promise<Notification[]> {
      const rows = await db
        .selectFrom('notifications')
        .select(['id', 'kind', 'params', 'message', 'is_read', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        params: r.params ? (JSON.parse(r.params) as Record<string, string | number>) : {},
        message: r.message,
        read: r.is_read,
        created_at: r.created_at.toISOString(),
      }));
    },

    async insertMany(
      userIds: number[],
      kind: string,
      message: string,
      params?: Record<string, string | number>,
    ): Promise<void> {
      if (userIds.length === 0) return;
      const encoded = params ? JSON.stringify(params) : null;
      await insertNotifications(userIds.length)(db)(kind, message, encoded, new Date(), ...userIds);
    },

    async adminIds(): Promise<number[]> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('is_banned', '=', false)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Marks the user's unread notifications read (only those ids when given); answers how many changed. */
    async markRead(userId: number, ids?: number[]): Promise<number> {
      if (ids?.length === 0) return 0;
      let query = db
        .updateTable('notifications')
        .set({ is_read: true })
        .where('user_id', '=', userId)
        .where('is_read', '=', false);
      if (ids) query = query.where('id', 'in', ids);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
