import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, failures } from '../../../shared/api/common';
import {
  deviceCredentialsSchema,
  deviceResponseSchema,
  registerDeviceBodySchema,
  registeredDeviceResponseSchema,
} from '../../../shared/api/device';
import {
  DEVICE_SESSION_COOKIE,
  deviceCookieOptions,
  requireDeviceSession,
  signedInDevice,
} from '../../plugins/device-guard';

/** The TV app's calls and the device page's sign-in. */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { devices, config } = app.deps;
  const cookie = deviceCookieOptions(config.production);

  app.post(
    '/device/register',
    {
      config: { audit: { records: ['device.registered'] } },
      schema: {
        summary: "The TV app's first launch: its MAC, answered with its device key",
        body: registerDeviceBodySchema,
        response: { 201: registeredDeviceResponseSchema, ...failures(400, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const registered = await devices.register(request.body.mac, request.body.app_name, request.ip);
      return reply.status(201).send({ success: true as const, data: registered, ...registered });
    },
  );

  // The TV app's hot path: no cookie, no session row; the device and its playlists, stored ready as
  // JSON (device_documents), so the answer is spliced in rather than read into objects and serialized.
  // A re-poll with the answer's ETag gets 304 and no body.
  app.get(
    '/device',
    {
      schema: {
        summary: "The TV app's poll: the device and its playlists (304 to a re-poll with the same ETag)",
        querystring: deviceCredentialsSchema,
        // Documents the answer; the body itself is the stored JSON, sent as text (decision 0008).
        response: {
          200: deviceResponseSchema,
          304: z.null().describe('Not modified: no body'),
          ...failures(400, 401, 403, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { mac, cle_mac: key } = request.query;
      const { etag, body } = await devices.tvAnswerJson(
        mac,
        key,
        request.ip,
        request.headers['if-none-match'],
      );
      reply.header('etag', etag);
      // Text bodies bypass the response schema's serializer (Fastify sends strings as they are), so
      // the types, made for objects, are told so.
      if (body === null) return reply.code(304).send(undefined as never);
      return reply.type('application/json; charset=utf-8').send(`{"success":true,"data":${body}}` as never);
    },
  );

  app.post(
    '/device/login',
    {
      // A refused sign-in (401, 403) writes nothing, as the panel's does not.
      config: { audit: { records: ['viewer.signed_in'] } },
      schema: {
        summary: "The device page's sign-in with MAC and device key (sets the device-session cookie)",
        body: deviceCredentialsSchema,
        response: { 200: deviceResponseSchema, ...failures(400, 401, 403, 429, 503) },
      },
    },
    async (request, reply) => {
      const device = await devices.login(request.body.mac, request.body.cle_mac, request.ip);
      reply.setCookie(DEVICE_SESSION_COOKIE, await devices.startSession(device, 'device_key'), cookie);
      return { success: true as const, data: await devices.view(device) };
    },
  );

  /** The device page's reload: the signed-in device, fresh. */
  app.get(
    '/device/session',
    {
      schema: {
        summary: 'The signed-in device and its playlists',
        response: { 200: deviceResponseSchema, ...failures(401, 503) },
      },
      preValidation: requireDeviceSession,
    },
    async (request) => {
      return { success: true as const, data: await devices.view(signedInDevice(request)) };
    },
  );

  app.delete(
    '/device/session',
    {
      config: {
        audit: {
          records: ['viewer.signed_out'],
          notAlways: 'without a live session there is nothing to end',
        },
      },
      schema: {
        summary: 'Sign the device page out',
        // 403: a cross-site request that carries the cookie (plugins/same-origin.ts).
        response: { 200: done, ...failures(403, 503) },
      },
    },
    async (request, reply) => {
      const token = request.cookies[DEVICE_SESSION_COOKIE];
      if (token) await devices.endSession(token);
      reply.clearCookie(DEVICE_SESSION_COOKIE, { path: '/api/v1' });
      return { success: true as const };
    },
  );
};
