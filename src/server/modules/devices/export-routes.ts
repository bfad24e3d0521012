import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures } from '../../../shared/api/common';
import { deviceExportQuerySchema } from '../../../shared/api/panel-device';
import { csvAnswerSchema } from '../../../shared/api/reseller-api';
import { requireUser, signedInUser } from '../../plugins/auth-guards';
import { sendDeviceCsv } from './device-export';

/** Manage Devices' Export CSV: the devices the list shows with its current filters, every page. */
export const deviceExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deviceExport } = app.deps;

  app.get(
    '/device/export.csv',
    {
      schema: {
        summary: "The caller's devices (an admin's: all) as CSV, with the list's filters",
        querystring: deviceExportQuerySchema,
        response: { 200: csvAnswerSchema, ...failures(400, 401, 503) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const filter = { ...request.query, ownerId: user.role === 'admin' ? undefined : user.id };
      return sendDeviceCsv(reply, deviceExport.csv(filter, { bom: true }));
    },
  );
};
