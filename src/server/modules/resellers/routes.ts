import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures } from '../../../shared/api/common';
import {
  createResellerBodySchema,
  resellerBanResponseSchema,
  resellerIdParams,
  resellerListQuerySchema,
  resellerListResponseSchema,
  resellerResponseSchema,
  updateResellerBodySchema,
} from '../../../shared/api/reseller';
import { requireUser, signedInUser } from '../../plugins/auth-guards';

export const resellerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { resellers } = app.deps;

  // `parentId` is SPEC's client naming itself; the scope always comes from the session.
  app.get(
    '/reseller',
    {
      schema: {
        summary: "The caller's sub-resellers (admins: every reseller), optionally searched",
        querystring: resellerListQuerySchema,
        response: { 200: resellerListResponseSchema, ...failures(400, 401, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      return {
        success: true as const,
        data: await resellers.list(signedInUser(request), request.query.search),
      };
    },
  );

  app.post(
    '/auth/sign_up_reseller',
    {
      config: { audit: { records: ['reseller.created'] } },
      schema: {
        summary: "Create a sub-reseller, funded from the caller's credits (admins: a reseller)",
        body: createResellerBodySchema,
        response: { 201: resellerResponseSchema, ...failures(400, 401, 402, 409, 503) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const { name, email, password, phone, credits } = request.body;
      const created = await resellers.create(signedInUser(request), {
        name,
        email,
        password,
        phone,
        credits,
      });
      return reply.status(201).send({ success: true as const, data: created });
    },
  );

  app.put(
    '/reseller/toggleBan/:id',
    {
      config: { audit: { records: ['reseller.banned', 'reseller.unbanned'] } },
      schema: {
        summary: 'Ban a sub-reseller, or lift its ban',
        params: resellerIdParams,
        response: { 200: resellerBanResponseSchema, ...failures(400, 401, 404, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const updated = await resellers.toggleBan(signedInUser(request), request.params.id);
      return {
        success: true as const,
        data: updated,
        message: updated.banned ? 'Reseller banned' : 'Reseller unbanned',
      };
    },
  );

  app.put(
    '/reseller/:id',
    {
      config: { audit: { records: ['reseller.updated'] } },
      schema: {
        summary: "Change a sub-reseller's name and phone",
        params: resellerIdParams,
        body: updateResellerBodySchema,
        response: { 200: resellerResponseSchema, ...failures(400, 401, 404, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      return {
        success: true as const,
        data: await resellers.updateContact(signedInUser(request), request.params.id, request.body),
      };
    },
  );
};
