import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, failures } from '../../../shared/api/common';
import {
  createWebhookBodySchema,
  webhookCreatedResponseSchema,
  webhookDeliveryListResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryResponseSchema,
  webhookListResponseSchema,
  webhookParamsSchema,
} from '../../../shared/api/webhook';
import { requireUser, signedInUser } from '../../plugins/auth-guards';

/** The panel's "API & webhooks" screen, webhooks part: an account's endpoints and their deliveries. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhooks } = app.deps;

  app.post(
    '/webhooks',
    {
      config: { audit: { records: ['webhook.created'] } },
      schema: {
        summary: 'Add a webhook endpoint: its signing secret is in this answer only',
        body: createWebhookBodySchema,
        response: { 201: webhookCreatedResponseSchema, ...failures(400, 401, 403, 409, 503) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const created = await webhooks.create(signedInUser(request), request.body);
      return reply.status(201).send({ success: true as const, data: created });
    },
  );

  app.get(
    '/webhooks',
    {
      schema: {
        summary: "The caller's webhook endpoints, newest first",
        response: { 200: webhookListResponseSchema, ...failures(401, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => ({ success: true as const, data: await webhooks.list(signedInUser(request)) }),
  );

  app.delete(
    '/webhooks/:id',
    {
      config: { audit: { records: ['webhook.deleted'] } },
      schema: {
        summary: 'Delete a webhook endpoint and its delivery log',
        params: webhookParamsSchema,
        response: { 200: done, ...failures(400, 401, 403, 404, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      await webhooks.remove(signedInUser(request), request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        summary: "An endpoint's latest deliveries, newest first",
        params: webhookParamsSchema,
        response: { 200: webhookDeliveryListResponseSchema, ...failures(400, 401, 404, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await webhooks.deliveries(signedInUser(request), request.params.id),
    }),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    {
      config: { audit: { records: ['webhook.delivery_resent'] } },
      schema: {
        summary: 'Send a delivery again, under the same webhook-id',
        params: webhookDeliveryParamsSchema,
        response: { 202: webhookDeliveryResponseSchema, ...failures(400, 401, 403, 404, 409, 503) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      const delivery = await webhooks.resend(signedInUser(request), id, deliveryId);
      return reply.status(202).send({ success: true as const, data: delivery });
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      config: { audit: { exempt: 'sends a test delivery; no setting changes' } },
      schema: {
        summary: 'Send a webhook.test event to the endpoint',
        params: webhookParamsSchema,
        response: { 202: webhookDeliveryResponseSchema, ...failures(400, 401, 403, 404, 409, 503) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const delivery = await webhooks.sendTest(signedInUser(request), request.params.id);
      return reply.status(202).send({ success: true as const, data: delivery });
    },
  );
};
