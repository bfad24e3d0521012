import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problems } from '../../../shared/api/common';
import { apiDeviceExportQuerySchema, csvAnswerSchema } from '../../../shared/api/reseller-api';
import { requireApiKey } from '../../plugins/api-key-guard';
import { signedInUser } from '../../plugins/auth-guards';
import { sendDeviceCsv } from '../devices/device-export';

/** The device list as one CSV, streamed: what GET /devices pages through, with the same filters. */
export const resellerApiExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deviceExport } = app.deps;

  app.get(
    '/devices.csv',
    {
      schema: {
        summary: "The caller's devices (an admin's: all) as CSV, searched and filtered like GET /devices",
        querystring: apiDeviceExportQuerySchema,
        response: { 200: csvAnswerSchema, ...problems(400, 401, 403, 429, 503) },
      },
      preValidation: requireApiKey('devices:read'),
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { q, status, payment } = request.query;
      const filter = { ownerId: user.role === 'admin' ? undefined : user.id, status, payment, search: q };
      return sendDeviceCsv(reply, deviceExport.csv(filter));
    },
  );
};
