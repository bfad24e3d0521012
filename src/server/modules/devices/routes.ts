import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceCredentialsSchema, registerDeviceBodySchema } from '../../../shared/api/device';
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

  app.post('/device/register', { schema: { body: registerDeviceBodySchema } }, async (request, reply) => {
    const registered = await devices.register(request.body.mac, request.body.app_name, request.ip);
    return reply.status(201).send({ success: true, data: registered, ...registered });
  });

  // The TV app's hot path: no cookie, no session row; the device and its playlists, stored ready as
  // JSON (device_documents), so the answer is spliced in rather than read into objects and serialized.
  // A re-poll with the answer's ETag gets 304 and no body.
  app.get('/device', { schema: { querystring: deviceCredentialsSchema } }, async (request, reply) => {
    const { mac, cle_mac: key } = request.query;
    const { etag, body } = await devices.tvAnswerJson(mac, key, request.ip, request.headers['if-none-match']);
    reply.header('etag', etag);
    if (body === null) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(`{"success":true,"data":${body}}`);
  });

  app.post('/device/login', { schema: { body: deviceCredentialsSchema } }, async (request, reply) => {
    const device = await devices.login(request.body.mac, request.body.cle_mac, request.ip);
    reply.setCookie(DEVICE_SESSION_COOKIE, await devices.startSession(device.id), cookie);
    return { success: true, data: await devices.view(device) };
  });

  /** The device page's reload: the signed-in device, fresh. */
  app.get('/device/session', { preValidation: requireDeviceSession }, async (request) => {
    return { success: true, data: await devices.view(signedInDevice(request)) };
  });

  app.delete('/device/session', async (request, reply) => {
    const token = request.cookies[DEVICE_SESSION_COOKIE];
    if (token) await devices.endSession(token);
    reply.clearCookie(DEVICE_SESSION_COOKIE, { path: '/api/v1' });
    return { success: true };
  });
};
