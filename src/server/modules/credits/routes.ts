import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures } from '../../../shared/api/common';
import {
  creditAdminBodySchema,
  creditAdminResponseSchema,
  creditResellerBodySchema,
  creditResellerResponseSchema,
  transactionListResponseSchema,
  transactionsQuerySchema,
} from '../../../shared/api/credits';
import { requireAdmin, requireSelf, requireUser, signedInUser } from '../../plugins/auth-guards';

export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { credits } = app.deps;

  app.post(
    '/transactions/credit_admin',
    {
      schema: {
        summary: "Add credits to a reseller's balance or remove them (admins)",
        body: creditAdminBodySchema,
        response: { 200: creditAdminResponseSchema, ...failures(400, 401, 403, 404, 409, 422, 503) },
      },
      preValidation: requireAdmin,
      config: { audit: { records: ['credits.changed'] }, idempotent: true },
    },
    async (request) => {
      const admin = requireSelf(request, request.body.user);
      const { resellerId, credits: amount, type } = request.body;
      const { currentCredits } = await credits.adminTransfer(admin, { resellerId, credits: amount, type });
      const message = type === 'add' ? `${amount} credits added` : `${amount} credits removed`;
      return { success: true as const, message, current_credits: currentCredits };
    },
  );

  app.post(
    '/transactions/credit_reseller',
    {
      schema: {
        summary: "Give some of the caller's credits to one of its sub-resellers",
        body: creditResellerBodySchema,
        response: { 200: creditResellerResponseSchema, ...failures(400, 401, 402, 403, 404, 409, 422, 503) },
      },
      preValidation: requireUser,
      config: { audit: { records: ['credits.changed'] }, idempotent: true },
    },
    async (request) => {
      const sender = requireSelf(request, request.body.user);
      const result = await credits.resellerTransfer(sender, {
        resellerId: request.body.resellerId,
        credits: request.body.credits,
      });
      return {
        success: true as const,
        message: `${request.body.credits} credits transferred`,
        current_credits: result.currentCredits,
        sender_credits: result.senderCredits,
      };
    },
  );

  app.get(
    '/transactions',
    {
      schema: {
        summary: "The caller's latest credit movements (admins: everyone's)",
        querystring: transactionsQuerySchema,
        response: { 200: transactionListResponseSchema, ...failures(400, 401, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      return {
        success: true as const,
        data: await credits.recent(signedInUser(request), request.query.limit),
      };
    },
  );
};
