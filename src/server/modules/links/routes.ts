import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linkBodySchema, linkParamsSchema } from '../../../shared/api/link';
import { requireAdmin, requireUser } from '../../plugins/auth-guards';

/** The panel's "Applications" page (docs/product.md: /link). */
export const linkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { links } = app.deps;

  app.get('/link', { preValidation: requireUser }, async () => {
    return { success: true, data: await links.list() };
  });

  app.post(
    '/link',
    { schema: { body: linkBodySchema }, preValidation: requireAdmin },
    async (request, reply) => {
      return reply.status(201).send({ success: true, data: await links.create(request.body) });
    },
  );

  app.put(
    '/link/:id',
    { schema: { params: linkParamsSchema, body: linkBodySchema }, preValidation: requireAdmin },
    async (request) => {
      return { success: true, data: await links.update(request.params.id, request.body) };
    },
  );

  app.delete(
    '/link/:id',
    { schema: { params: linkParamsSchema }, preValidation: requireAdmin },
    async (request) => {
      await links.remove(request.params.id);
      return { success: true };
    },
  );
};
