import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures } from '../../../shared/api/common';
import { dashboardQuerySchema, dashboardResponseSchema } from '../../../shared/api/panel-device';
import { requireSelf, requireUser } from '../../plugins/auth-guards';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dashboard } = app.deps;

  // `user` is SPEC's client naming itself: it must be the signed-in user. Admins count everything.
  app.get(
    '/dashboard',
    {
      schema: {
        summary: "The dashboard's counters (admins: everything; resellers: their own devices)",
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema, ...failures(400, 401, 403, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const user = requireSelf(request, request.query.user);
      const scope = user.role === 'admin' ? { userId: user.id } : { userId: user.id, ownerId: user.id };
      return { success: true as const, data: await dashboard.counts(scope), message: 'Dashboard data' };
    },
  );
};
