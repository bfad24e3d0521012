import { z } from 'zod';
import { notificationSchema } from './auth';
import { bodyId } from './client';
import { ok } from './common';

export const NOTIFICATIONS_READ_MAX = 100;

/** POST /api/v1/notifications/read: the given ids, or every notification of the caller when absent. */
export const markNotificationsReadBodySchema = z.strictObject({
  ids: z.array(bodyId).max(NOTIFICATIONS_READ_MAX).optional(),
});
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBodySchema>;

/** GET /api/v1/notifications?limit= */
export const notificationListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const notificationListResponseSchema = ok(z.array(notificationSchema));
/** How many were marked read, in `data` and, for the first client, at the top level too. */
export const markNotificationsReadResponseSchema = ok(z.object({ updated: z.number().int() }), {
  updated: z.number().int(),
});
