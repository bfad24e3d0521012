import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures } from '../../../shared/api/common';
import {
  markNotificationsReadBodySchema,
  markNotificationsReadResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
} from '../../../shared/api/notification';
import { requireUser, signedInUser } from '../../plugins/auth-guards';

/** The signed-in panel user's own notifications. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.deps;

  app.get(
    '/notifications',
    {
      schema: {
        summary: "The signed-in user's latest notifications",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...failures(400, 401, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      return {
        success: true as const,
        data: await notifications.listFor(signedInUser(request), request.query.limit),
      };
    },
  );

  app.post(
    '/notifications/read',
    // No body at all means "all of mine", like an empty object.
    {
      config: { audit: { exempt: "marks the reader's own notifications read" } },
      schema: {
        summary: 'Mark notifications read (those named, or all of mine)',
        body: markNotificationsReadBodySchema.nullish(),
        response: { 200: markNotificationsReadResponseSchema, ...failures(400, 401, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const updated = await notifications.markRead(signedInUser(request), request.body?.ids);
      return { success: true as const, updated, data: { updated } };
    },
  );
};
