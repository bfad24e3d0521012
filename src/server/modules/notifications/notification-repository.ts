import type { Notification } from '../../../shared/api/auth';
import type { Db } from '../../db';

export function createNotificationRepository(db: Db) {
  return {
    async listRecent(userId: number, limit = 20): Promise<Notification[]> {
      const rows = await db
        .selectFrom('notifications')
        .select(['id', 'message', 'is_read', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        message: r.message,
        read: r.is_read,
        created_at: r.created_at.toISOString(),
      }));
    },
  };
}
