import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problems } from '../../../shared/api/common';
import {
  apiCreditsResponseSchema,
  apiLedgerQuerySchema,
  apiSubResellerListResponseSchema,
  apiTransferBodySchema,
  apiTransferResponseSchema,
} from '../../../shared/api/reseller-api';
import { requireApiKey } from '../../plugins/api-key-guard';
import { signedInUser } from '../../plugins/auth-guards';
import { decodeCursor, encodeCursor } from './cursor';

/** The caller's balance, ledger, sub-resellers and transfers to them (docs/product.md §7). */
export const resellerApiAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { credits, resellers } = app.deps;

  app.get(
    '/credits',
    {
      schema: {
        summary: "The caller's balance and its ledger, newest first, by cursor",
        querystring: apiLedgerQuerySchema,
        response: { 200: apiCreditsResponseSchema, ...problems(400, 401, 403, 429, 503) },
      },
      preValidation: requireApiKey('credits:read'),
    },
    async (request) => {
      const user = signedInUser(request);
      const { cursor, limit } = request.query;
      const rows = await credits.recent(user, limit + 1, decodeCursor(cursor));
      const data = rows.slice(0, limit);
      return {
        balance: user.role === 'admin' ? null : user.credits,
        data,
        next_cursor: encodeCursor(rows.length > limit ? data[data.length - 1]?.id : undefined),
      };
    },
  );

  app.get(
    '/sub-resellers',
    {
      schema: {
        summary: "The caller's direct sub-resellers (an admin's: every reseller)",
        response: { 200: apiSubResellerListResponseSchema, ...problems(401, 403, 429, 503) },
      },
      preValidation: requireApiKey('resellers:read'),
    },
    async (request) => ({ data: await resellers.list(signedInUser(request)) }),
  );

  app.post(
    '/credits/transfers',
    {
      schema: {
        summary: "Give some of the caller's credits to one of its sub-resellers",
        body: apiTransferBodySchema,
        response: {
          201: apiTransferResponseSchema,
          ...problems(400, 401, 402, 403, 404, 409, 422, 429, 503),
        },
      },
      preValidation: requireApiKey('credits:transfer'),
      config: { idempotent: true },
    },
    async (request, reply) => {
      const { to, credits: amount } = request.body;
      const result = await credits.resellerTransfer(signedInUser(request), {
        resellerId: to,
        credits: amount,
      });
      return reply.status(201).send({
        data: {
          to,
          credits: amount,
          balance: result.senderCredits,
          recipient_balance: result.currentCredits,
        },
      });
    },
  );
};
