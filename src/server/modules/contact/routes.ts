import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactBodySchema, contactListQuerySchema, contactParamsSchema } from '../../../shared/api/contact';
import { requireAdmin } from '../../plugins/auth-guards';

/** The public contact form and the admins' inbox for it. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contact } = app.deps;

  app.post('/contact', { schema: { body: contactBodySchema } }, async (request, reply) => {
    const created = await contact.submit(request.body, request.ip);
    return reply.status(201).send({ success: true, data: created, message: 'Message sent' });
  });

  app.get(
    '/contact',
    { schema: { querystring: contactListQuerySchema }, preValidation: requireAdmin },
    async (request) => {
      const { data, meta } = await contact.list(request.query.page, request.query.limit);
      return { success: true, data, meta };
    },
  );

  app.put(
    '/contact/:id/read',
    { schema: { params: contactParamsSchema }, preValidation: requireAdmin },
    async (request) => {
      return { success: true, data: await contact.markRead(request.params.id) };
    },
  );
};
