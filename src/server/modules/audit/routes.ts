import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../../shared/api/audit';
import { failures } from '../../../shared/api/common';
import { csvAnswerSchema } from '../../../shared/api/reseller-api';
import { sendCsvDownload } from '../../csv-download';
import { requireUser, signedInUser } from '../../plugins/auth-guards';

/** The Activity screen and a device's history (decision 0017). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { audit } = app.deps;

  app.get(
    '/audit',
    {
      schema: {
        summary: "The audit log, newest first: an admin's is everything, a reseller's its own subtree",
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...failures(400, 401, 404, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const { entries, nextCursor } = await audit.page(signedInUser(request), request.query);
      return { success: true as const, data: entries, next_cursor: nextCursor };
    },
  );

  app.get(
    '/audit.csv',
    {
      schema: {
        summary: 'The audit log as CSV, with the same filters, every page',
        querystring: auditQuerySchema,
        response: { 200: csvAnswerSchema, ...failures(400, 401, 404, 503) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      return sendCsvDownload(reply, await audit.csv(signedInUser(request), request.query), 'activity');
    },
  );
};
