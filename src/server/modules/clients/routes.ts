import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientCreatedResponseSchema,
  clientDecisionResponseSchema,
  clientListQuerySchema,
  clientListResponseSchema,
  clientRegistrationBodySchema,
  clientUpdateBodySchema,
} from '../../../shared/api/client';
import { failures } from '../../../shared/api/common';
import { requireAdmin, signedInUser } from '../../plugins/auth-guards';

/** Client registrations: the public form (docs/product.md) and the admins' Clients page. */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clients } = app.deps;

  app.post(
    '/client/create-and-bind',
    {
      config: { audit: { records: ['registration.created'] } },
      schema: {
        summary: "Register a viewer's device for a plan (public form; an admin approves it)",
        body: clientRegistrationBodySchema,
        response: { 201: clientCreatedResponseSchema, ...failures(400, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      return reply
        .status(201)
        .send({ success: true as const, data: await clients.register(request.body, request.ip) });
    },
  );

  app.get(
    '/client',
    {
      schema: {
        summary: 'Client registrations, newest first, filtered and paged (admins)',
        querystring: clientListQuerySchema,
        response: { 200: clientListResponseSchema, ...failures(400, 401, 403, 503) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const { data, meta } = await clients.list(request.query);
      return { success: true as const, data, meta };
    },
  );

  app.put(
    '/client/update',
    {
      config: { audit: { records: ['device.activated', 'registration.rejected'] } },
      schema: {
        summary: 'Approve (activating the plan) or reject a pending registration (admins)',
        body: clientUpdateBodySchema,
        response: { 200: clientDecisionResponseSchema, ...failures(400, 401, 403, 404, 409, 503) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      return { success: true as const, data: await clients.decide(signedInUser(request), request.body) };
    },
  );
};
