import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', async (request, reply) => {
    try {
      await app.deps.database.ping();
      return { status: 'ok', db: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'error', db: 'unreachable' });
    }
  });
};
