import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, failures } from '../../../shared/api/common';
import {
  linkBodySchema,
  linkListResponseSchema,
  linkParamsSchema,
  linkResponseSchema,
} from '../../../shared/api/link';
import { requireAdmin, requireUser, signedInUser } from '../../plugins/auth-guards';

/** The panel's "Applications" page (docs/product.md: /link). */
export const linkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { links } = app.deps;

  app.get(
    '/link',
    {
      schema: {
        summary: 'Application links, newest first',
        response: { 200: linkListResponseSchema, ...failures(401, 503) },
      },
      preValidation: requireUser,
    },
    async () => {
      return { success: true as const, data: await links.list() };
    },
  );

  app.post(
    '/link',
    {
      config: { audit: { records: ['link.created'] } },
      schema: {
        summary: 'Add an application link (admins)',
        body: linkBodySchema,
        response: { 201: linkResponseSchema, ...failures(400, 401, 403, 503) },
      },
      preValidation: requireAdmin,
    },
    async (request, reply) => {
      return reply
        .status(201)
        .send({ success: true as const, data: await links.create(signedInUser(request).id, request.body) });
    },
  );

  app.put(
    '/link/:id',
    {
      config: { audit: { records: ['link.updated'] } },
      schema: {
        summary: 'Change an application link (admins)',
        params: linkParamsSchema,
        body: linkBodySchema,
        response: { 200: linkResponseSchema, ...failures(400, 401, 403, 404, 503) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      return {
        success: true as const,
        data: await links.update(signedInUser(request).id, request.params.id, request.body),
      };
    },
  );

  app.delete(
    '/link/:id',
    {
      config: { audit: { records: ['link.deleted'] } },
      schema: {
        summary: 'Delete an application link (admins)',
        params: linkParamsSchema,
        response: { 200: done, ...failures(400, 401, 403, 404, 503) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      await links.remove(signedInUser(request).id, request.params.id);
      return { success: true as const };
    },
  );
};
