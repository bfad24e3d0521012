import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuerySchema } from '../../../shared/api/panel-device';
import { requireSelf, requireUser } from '../../plugins/auth-guards';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dashboard } = app.deps;

  // `user` is SPEC's client naming itself: it must be the signed-in user. Admins count everything.
  app.get(
    '/dashboard',
    { schema: { querystring: dashboardQuerySchema }, preValidation: requireUser },
    async (request) => {
      const user = requireSelf(request, request.query.user);
      const scope = user.role === 'admin' ? { userId: user.id } : { userId: user.id, ownerId: user.id };
      return { success: true, data: await dashboard.counts(scope), message: 'Dashboard data' };
    },
  );
};
