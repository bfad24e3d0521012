import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { answered, documentedProblems, sent } from './examples';

const parent = { id: 31, name: 'Nova Streams' };
const child = { id: 58, name: 'Riad Telecom' };

/** The caller's balance, ledger, sub-resellers and transfers to them (docs/product.md §7). */
export const resellerApiAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { credits, resellers } = app.deps;

  app.get(
    '/credits',
    {
      schema: {
        summary: "The caller's balance and its ledger, newest first, by cursor",
        querystring: apiLedgerQuerySchema,
        response: {
          200: answered(apiCreditsResponseSchema, {
            balance: 41,
            data: [
              {
                id: 9012,
                type: 'activation',
                amount: 1,
                credits: 41,
                receiver: null,
                sender: parent,
                device_mac: '00:1A:2B:3C:4D:5E',
                plan: 'year',
                created_at: '2026-11-25T09:30:00.000Z',
              },
              {
                id: 8977,
                type: 'transfer',
                amount: 5,
                credits: 42,
                receiver: child,
                sender: parent,
                device_mac: null,
                plan: null,
                created_at: '2026-11-24T16:12:45.000Z',
              },
            ],
            next_cursor: 'aWQ6ODk3Nw',
          }),
          ...documentedProblems([400, 401, 403, 429, 503], {
            400: [{ code: 'invalid_input', title: 'This cursor is not valid', field: 'cursor' }],
            403: [{ code: 'missing_scope', title: 'This key lacks the credits:read scope' }],
          }),
        },
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
        response: {
          200: answered(apiSubResellerListResponseSchema, {
            data: [
              {
                ...child,
                email: 'contact@riad-telecom.example',
                phone: '+212 6 12 34 56 78',
                credits: 12,
                banned: false,
                status: 'Active',
                parentId: parent.id,
                role: 'sub_reseller',
                created_at: '2026-05-14T10:00:00.000Z',
              },
            ],
          }),
          ...documentedProblems([401, 403, 429, 503], {
            403: [{ code: 'missing_scope', title: 'This key lacks the resellers:read scope' }],
          }),
        },
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
        body: sent(apiTransferBodySchema, { to: child.id, credits: 5 }, 'Five credits to sub-reseller 58'),
        response: {
          201: answered(apiTransferResponseSchema, {
            data: { to: child.id, credits: 5, balance: 36, recipient_balance: 17 },
          }),
          ...documentedProblems([400, 401, 402, 403, 404, 409, 422, 429, 503], {
            400: [{ code: 'invalid_input', title: 'Too small: expected number to be >=1', field: 'credits' }],
            403: [{ code: 'missing_scope', title: 'This key lacks the credits:transfer scope' }],
            404: [{ code: 'not_found', title: 'Reseller not found' }],
          }),
        },
      },
      preValidation: requireApiKey('credits:transfer'),
      config: { audit: { records: ['credits.changed'] }, idempotent: true },
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
