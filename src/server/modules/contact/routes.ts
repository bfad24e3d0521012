import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures } from '../../../shared/api/common';
import {
  contactBodySchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactMessageResponseSchema,
  contactParamsSchema,
  contactSentResponseSchema,
} from '../../../shared/api/contact';
import { requireAdmin } from '../../plugins/auth-guards';

/** The public contact form and the admins' inbox for it. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contact } = app.deps;

  app.post(
    '/contact',
    {
      config: { audit: { records: ['contact.received'] } },
      schema: {
        summary: "The website's contact form (rate-limited per address)",
        body: contactBodySchema,
        response: {
          201: contactSentResponseSchema,
          ...failures(400, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const created = await contact.submit(request.body, request.ip);
      return reply.status(201).send({ success: true as const, data: created, message: 'Message sent' });
    },
  );

  app.get(
    '/contact',
    {
      schema: {
        summary: 'Contact messages, newest first (admins)',
        querystring: contactListQuerySchema,
        response: { 200: contactListResponseSchema, ...failures(400, 401, 403, 503) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const { data, meta } = await contact.list(request.query.page, request.query.limit);
      return { success: true as const, data, meta };
    },
  );

  app.put(
    '/contact/:id/read',
    {
      config: { audit: { exempt: "marks a message in the admins' inbox read" } },
      schema: {
        summary: 'Mark a contact message read (admins)',
        params: contactParamsSchema,
        response: { 200: contactMessageResponseSchema, ...failures(400, 401, 403, 404, 503) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      return { success: true as const, data: await contact.markRead(request.params.id) };
    },
  );
};
