import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientListQuerySchema,
  clientRegistrationBodySchema,
  clientUpdateBodySchema,
} from '../../../shared/api/client';
import { requireAdmin, signedInUser } from '../../plugins/auth-guards';

/** Client registrations: the public form (docs/product.md) and the admins' Clients page. */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clients } = app.deps;

  app.post(
    '/client/create-and-bind',
    { schema: { body: clientRegistrationBodySchema } },
    async (request, reply) => {
      return reply
        .status(201)
        .send({ success: true, data: await clients.register(request.body, request.ip) });
    },
  );

  app.get(
    '/client',
    { schema: { querystring: clientListQuerySchema }, preValidation: requireAdmin },
    async (request) => {
      const { data, meta } = await clients.list(request.query);
      return { success: true, data, meta };
    },
  );

  app.put(
    '/client/update',
    { schema: { body: clientUpdateBodySchema }, preValidation: requireAdmin },
    async (request) => {
      return { success: true, data: await clients.decide(signedInUser(request), request.body) };
    },
  );
};
