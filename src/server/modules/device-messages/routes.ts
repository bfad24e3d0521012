import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, failures } from '../../../shared/api/common';
import {
  deviceMessageParams,
  sendDeviceMessageBodySchema,
  sentDeviceMessageResponseSchema,
  sentDeviceMessagesResponseSchema,
} from '../../../shared/api/device-message';
import { requireUser, signedInUser } from '../../plugins/auth-guards';

/** The panel's "Messages to devices" screen: write to one device, to all, or to a filtered list. */
export const deviceMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deviceMessages } = app.deps;

  app.post(
    '/device-messages',
    {
      config: { audit: { records: ['device_message.sent'] } },
      schema: {
        summary: 'Send a message to one device, to all of yours, or to the device list filtered',
        body: sendDeviceMessageBodySchema,
        response: { 201: sentDeviceMessageResponseSchema, ...failures(400, 401, 403, 404, 503) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const sent = await deviceMessages.send(signedInUser(request), request.body);
      return reply.status(201).send({ success: true as const, data: sent });
    },
  );

  app.get(
    '/device-messages',
    {
      schema: {
        summary: 'Messages sent, newest first: all of them for an admin, its own for a reseller',
        response: { 200: sentDeviceMessagesResponseSchema, ...failures(401, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => ({ success: true as const, data: await deviceMessages.sent(signedInUser(request)) }),
  );

  app.delete(
    '/device-messages/:id',
    {
      config: { audit: { records: ['device_message.withdrawn'] } },
      schema: {
        summary: 'Withdraw a message from every device it was sent to',
        params: deviceMessageParams,
        response: { 200: done, ...failures(400, 401, 403, 404, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      await deviceMessages.withdraw(signedInUser(request), request.params.id);
      return { success: true as const };
    },
  );
};
