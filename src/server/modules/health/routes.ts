import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { summary: 'Whether this instance can serve: database and Redis, each written and read' } },
    async (request, reply) => {
      const report = await app.deps.health.check();
      if (report.status === 'ok') return report;
      request.log.warn({ health: report }, 'health check failed');
      reply.header('Retry-After', '5');
      return reply.status(503).send(report);
    },
  );
};
