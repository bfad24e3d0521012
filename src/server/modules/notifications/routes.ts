import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markNotificationsReadBodySchema,
  notificationListQuerySchema,
} from '../../../shared/api/notification';
import { requireUser, signedInUser } from '../../plugins/auth-guards';

/** The signed-in panel user's own notifications. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.deps;

  app.get(
    '/notifications',
    { schema: { querystring: notificationListQuerySchema }, preValidation: requireUser },
    async (request) => {
      return { success: true, data: await notifications.listFor(signedInUser(request), request.query.limit) };
    },
  );

  app.post(
    '/notifications/read',
    // No body at all means "all of mine", like an empty object.
    { schema: { body: markNotificationsReadBodySchema.nullish() }, preValidation: requireUser },
    async (request) => {
      const updated = await notifications.markRead(signedInUser(request), request.body?.ids);
      return { success: true, updated, data: { updated } };
    },
  );
};
