import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createResellerBodySchema,
  resellerIdParams,
  resellerListQuerySchema,
  updateResellerBodySchema,
} from '../../../shared/api/reseller';
import { requireUser, signedInUser } from '../../plugins/auth-guards';

export const resellerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { resellers } = app.deps;

  // `parentId` is SPEC's client naming itself; the scope always comes from the session.
  app.get(
    '/reseller',
    { schema: { querystring: resellerListQuerySchema }, preValidation: requireUser },
    async (request) => {
      return { success: true, data: await resellers.list(signedInUser(request), request.query.search) };
    },
  );

  app.post(
    '/auth/sign_up_reseller',
    { schema: { body: createResellerBodySchema }, preValidation: requireUser },
    async (request, reply) => {
      const { name, email, password, phone, credits } = request.body;
      const created = await resellers.create(signedInUser(request), {
        name,
        email,
        password,
        phone,
        credits,
      });
      return reply.status(201).send({ success: true, data: created });
    },
  );

  app.put(
    '/reseller/toggleBan/:id',
    { schema: { params: resellerIdParams }, preValidation: requireUser },
    async (request) => {
      const updated = await resellers.toggleBan(signedInUser(request), request.params.id);
      return {
        success: true,
        data: updated,
        message: updated.banned ? 'Reseller banned' : 'Reseller unbanned',
      };
    },
  );

  app.put(
    '/reseller/:id',
    { schema: { params: resellerIdParams, body: updateResellerBodySchema }, preValidation: requireUser },
    async (request) => {
      return {
        success: true,
        data: await resellers.updateContact(signedInUser(request), request.params.id, request.body),
      };
    },
  );
};
