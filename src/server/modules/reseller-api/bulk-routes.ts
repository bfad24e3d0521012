import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiBulkOutcomeResponseSchema, bulkActivationBodySchema } from '../../../shared/api/bulk-activation';
import { requireApiKey } from '../../plugins/api-key-guard';
import { signedInUser } from '../../plugins/auth-guards';
import { BULK_BODY_LIMIT } from '../activation/bulk-routes';
import { answered, documentedProblems, EXAMPLE_MAC, sent } from './examples';

/** Bulk activation for scripts: one call, up to 1,000 rows, a result per row (decision 0012). */
export const resellerApiBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bulkActivation } = app.deps;

  app.post(
    '/activations/bulk',
    {
      schema: {
        summary: "Activate up to 1,000 devices with the caller's credits; answers each row's result",
        body: sent(
          bulkActivationBodySchema,
          {
            plan: 'year',
            rows: [
              { mac: EXAMPLE_MAC, client_name: 'Ada Lovelace', client_phone: '+33 6 12 34 56 78' },
              { mac: '00-1a-2b-3c-4d-5f', plan: 'lifetime' },
              { mac: '00:1A:2B:3C:4D' },
            ],
          },
          'Three rows: one year by default, one lifetime, one malformed',
        ),
        response: {
          200: answered(apiBulkOutcomeResponseSchema, {
            data: {
              rows: [
                { row: 1, mac: EXAMPLE_MAC, plan: 'year', status: 'activated', credits: 1 },
                { row: 2, mac: '00:1A:2B:3C:4D:5F', plan: 'lifetime', status: 'activated', credits: 2 },
                {
                  row: 3,
                  mac: '00:1A:2B:3C:4D',
                  plan: 'year',
                  status: 'failed',
                  code: 'invalid_mac',
                  credits: 0,
                },
              ],
              summary: { rows: 3, succeeded: 2, failed: 1, credits: 3, balance: 47 },
            },
          }),
          ...documentedProblems([400, 401, 403, 409, 413, 422, 429, 503], {
            400: [
              { code: 'invalid_input', title: 'Too big: expected array to have <=1000 items', field: 'rows' },
            ],
            413: [{ code: 'payload_too_large', title: 'Request body is too large' }],
          }),
        },
      },
      bodyLimit: BULK_BODY_LIMIT,
      preValidation: requireApiKey('devices:activate'),
      config: {
        audit: { records: ['device.activated'], notAlways: 'a file whose rows all fail activates nothing' },
        idempotent: true,
      },
    },
    async (request) => ({ data: await bulkActivation.activate(signedInUser(request), request.body) }),
  );
};
