import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answered, documentedProblems, EXAMPLE_MAC } from './examples';
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
        response: {
          200: answered(
            csvAnswerSchema,
            'mac,plan,client_name,client_phone,app_name,paid,paid_at,expires_at,banned,created_at\r\n' +
              `${EXAMPLE_MAC},year,Ada Lovelace,+33 6 12 34 56 78,StreamBox TV,true,2026-11-25T09:30:00.000Z,2027-11-25T09:30:00.000Z,false,2026-03-02T18:04:11.000Z\r\n`,
          ),
          ...documentedProblems([400, 401, 403, 429, 503], {
            403: [{ code: 'missing_scope', title: 'This key lacks the devices:read scope' }],
          }),
        },
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
