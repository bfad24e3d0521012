import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  creditAdminBodySchema,
  creditResellerBodySchema,
  transactionsQuerySchema,
} from '../../../shared/api/credits';
import { requireAdmin, requireSelf, requireUser, signedInUser } from '../../plugins/auth-guards';

export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { credits } = app.deps;

  app.post(
    '/transactions/credit_admin',
    { schema: { body: creditAdminBodySchema }, preValidation: requireAdmin },
    async (request) => {
      const admin = requireSelf(request, request.body.user);
      const { resellerId, credits: amount, type } = request.body;
      const { currentCredits } = await credits.adminTransfer(admin, { resellerId, credits: amount, type });
      const message = type === 'add' ? `${amount} credits added` : `${amount} credits removed`;
      return { success: true, message, current_credits: currentCredits };
    },
  );

  app.post(
    '/transactions/credit_reseller',
    { schema: { body: creditResellerBodySchema }, preValidation: requireUser },
    async (request) => {
      const sender = requireSelf(request, request.body.user);
      const result = await credits.resellerTransfer(sender, {
        resellerId: request.body.resellerId,
        credits: request.body.credits,
      });
      return {
        success: true,
        message: `${request.body.credits} credits transferred`,
        current_credits: result.currentCredits,
        sender_credits: result.senderCredits,
      };
    },
  );

  app.get(
    '/transactions',
    { schema: { querystring: transactionsQuerySchema }, preValidation: requireUser },
    async (request) => {
      return { success: true, data: await credits.recent(signedInUser(request), request.query.limit) };
    },
  );
};
