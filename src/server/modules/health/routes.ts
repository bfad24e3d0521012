import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const dependencyState = z.enum(['ok', 'unreachable', 'read_only', 'timeout', 'failing', 'not_configured']);
const healthReportSchema = z.object({
  status: z.enum(['ok', 'error']),
  db: dependencyState,
  redis: dependencyState,
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Whether this instance can serve: database and Redis, each written and read',
        response: { 200: healthReportSchema, 503: healthReportSchema },
      },
    },
    async (request, reply) => {
      const report = await app.deps.health.check();
      if (report.status === 'ok') return report;
      request.log.warn({ health: report }, 'health check failed');
      reply.header('Retry-After', '5');
      return reply.status(503).send(report);
    },
  );
};
