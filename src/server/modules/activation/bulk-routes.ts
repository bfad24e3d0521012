import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkActivationBodySchema, bulkOutcomeResponseSchema } from '../../../shared/api/bulk-activation';
import { failures } from '../../../shared/api/common';
import { requireUser, signedInUser } from '../../plugins/auth-guards';

/**
 * 1,000 rows of up to four short cells, as JSON, can exceed the API's 64 KiB; 512 KiB holds the
 * longest rows the schema allows (multi-byte names included) and no more.
 */
export const BULK_BODY_LIMIT = 512 * 1024;

/** The panel's Bulk activation: a preview of every row, then the activation of the ready ones. */
export const bulkActivationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bulkActivation } = app.deps;

  app.post(
    '/activations/bulk/preview',
    {
      config: { audit: { exempt: 'answers what a file would do; changes nothing' } },
      schema: {
        summary:
          'Judge up to 1,000 rows (MAC, plan, client) and count the credits they need; nothing changes',
        body: bulkActivationBodySchema,
        response: { 200: bulkOutcomeResponseSchema, ...failures(400, 401, 403, 413, 503) },
      },
      bodyLimit: BULK_BODY_LIMIT,
      preValidation: requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await bulkActivation.preview(signedInUser(request), request.body),
    }),
  );

  app.post(
    '/activations/bulk',
    {
      schema: {
        summary: "Activate up to 1,000 rows with the caller's credits; answers each row's result",
        body: bulkActivationBodySchema,
        response: { 200: bulkOutcomeResponseSchema, ...failures(400, 401, 403, 409, 413, 422, 503) },
      },
      bodyLimit: BULK_BODY_LIMIT,
      preValidation: requireUser,
      config: {
        audit: { records: ['device.activated'], notAlways: 'a file whose rows all fail activates nothing' },
        idempotent: true,
      },
    },
    async (request) => ({
      success: true as const,
      data: await bulkActivation.activate(signedInUser(request), request.body),
    }),
  );
};
