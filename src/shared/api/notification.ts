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
export const markNotificationsReadResponseSchema = z.object({
  success: z.literal(true),
  updated: z.number().int(),
  data: z.object({ updated: z.number().int() }),
});
