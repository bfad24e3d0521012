import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiBulkOutcomeResponseSchema, bulkActivationBodySchema } from '../../../shared/api/bulk-activation';
import { problems } from '../../../shared/api/common';
import { requireApiKey } from '../../plugins/api-key-guard';
import { signedInUser } from '../../plugins/auth-guards';
import { BULK_BODY_LIMIT } from '../activation/bulk-routes';

/** Bulk activation for scripts: one call, up to 1,000 rows, a result per row (decision 0012). */
export const resellerApiBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bulkActivation } = app.deps;

  app.post(
    '/activations/bulk',
    {
      schema: {
        summary: "Activate up to 1,000 devices with the caller's credits; answers each row's result",
        body: bulkActivationBodySchema,
        response: {
          200: apiBulkOutcomeResponseSchema,
          ...problems(400, 401, 403, 409, 413, 422, 429, 503),
        },
      },
      bodyLimit: BULK_BODY_LIMIT,
      preValidation: requireApiKey('devices:activate'),
      config: { idempotent: true },
    },
    async (request) => ({ data: await bulkActivation.activate(signedInUser(request), request.body) }),
  );
};
