import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import { createNotificationRepository } from './notification-repository';

/**
 * What a notification is about. The message is English text stored as written; `kind` lets the
 * panel pick an icon or a translation later.
 */
export type NotificationKind =
  | 'client_registration'
  | 'contact_message'
  | 'credits_received'
  | 'device_activated'
  | 'expiring_soon'
  | 'webhook_disabled'
  | (string & {});

/** Writes one notification for a user. Pass a transaction to write it together with its event. */
export async function notify(
  db: Db,
  userId: number,
  kind: NotificationKind,
  message: string,
  params?: Record<string, string | number>,
): Promise<void> {
  await createNotificationRepository(db).insertMany([userId], kind, message, params);
}

/** Writes the same notification for every (non-banned) admin. */
export async function notifyAdmins(
  db: Db,
  kind: NotificationKind,
  message: string,
  params?: Record<string, string | number>,
): Promise<void> {
  const notifications = createNotificationRepository(db);
  await notifications.insertMany(await notifications.adminIds(), kind, message, params);
}

/** The panel's notification calls: a user reads and marks only their own. */
export function createNotificationService(db: Db) {
  const notifications = createNotificationRepository(db);
  return {
    listFor: (user: UserRow, limit?: number) => notifications.listRecent(user.id, limit),
    /** Ids that are not the user's (or do not exist) are silently left alone. */
    markRead: (user: UserRow, ids?: number[]) => notifications.markRead(user.id, ids),
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
