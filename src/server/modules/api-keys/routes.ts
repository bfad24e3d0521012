import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyCreatedResponseSchema,
  apiKeyListResponseSchema,
  apiKeyParamsSchema,
  createApiKeyBodySchema,
} from '../../../shared/api/api-key';
import { done, failures } from '../../../shared/api/common';
import { requireUser, signedInUser } from '../../plugins/auth-guards';

/** The panel's "API & webhooks" screen: a reseller's (or admin's) keys for the reseller API. */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { apiKeys } = app.deps;

  app.post(
    '/api-keys',
    {
      config: { audit: { records: ['api_key.created'] } },
      schema: {
        summary: 'Create an API key: its secret is in this answer only',
        body: createApiKeyBodySchema,
        response: { 201: apiKeyCreatedResponseSchema, ...failures(400, 401, 403, 409, 503) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const created = await apiKeys.create(signedInUser(request), request.body);
      return reply.status(201).send({ success: true as const, data: created });
    },
  );

  app.get(
    '/api-keys',
    {
      schema: {
        summary: "The caller's API keys that are not revoked, newest first",
        response: { 200: apiKeyListResponseSchema, ...failures(401, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => ({ success: true as const, data: await apiKeys.list(signedInUser(request)) }),
  );

  app.delete(
    '/api-keys/:id',
    {
      config: { audit: { records: ['api_key.revoked'] } },
      schema: {
        summary: 'Revoke an API key: it stops working at once',
        params: apiKeyParamsSchema,
        response: { 200: done, ...failures(400, 401, 403, 404, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      await apiKeys.revoke(signedInUser(request), request.params.id);
      return { success: true as const };
    },
  );
};
