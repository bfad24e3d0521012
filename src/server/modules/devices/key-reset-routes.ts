import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyBodySchema, failures } from '../../../shared/api/common';
import { resetDeviceKeyResponseSchema } from '../../../shared/api/device';
import { deviceChangeResponseSchema, deviceIdParams } from '../../../shared/api/panel-device';
import { requireUser, signedInUser } from '../../plugins/auth-guards';
import { DEVICE_SESSION_COOKIE, requireDeviceSession, signedInDevice } from '../../plugins/device-guard';

/**
 * The two ways to give a device a new key: the panel's Reset key (decision 0011), and the viewer's
 * own on the device page. Either way the old key stops working at once.
 */
export const deviceKeyResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deviceKeys: keys, devices } = app.deps;

  app.put(
    '/device/resetKey/:id',
    {
      config: { audit: { records: ['device.key_reset'] } },
      schema: {
        summary: 'Give a managed device a new key; the old one and its sessions stop at once',
        params: deviceIdParams,
        response: { 200: deviceChangeResponseSchema, ...failures(400, 401, 404, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const device = await keys.resetKey(signedInUser(request), request.params.id);
      return { success: true as const, data: device, message: 'Device key reset' };
    },
  );

  app.post(
    '/device/reset-key',
    {
      config: { audit: { records: ['device.key_reset'] } },
      schema: {
        summary: "The signed-in viewer's new device key (shown once); other device-page sessions end",
        // The server draws the key: a viewer cannot choose one.
        body: emptyBodySchema,
        // 403: a cross-site request that carries the cookie (plugins/same-origin.ts).
        response: { 200: resetDeviceKeyResponseSchema, ...failures(400, 401, 403, 503) },
      },
      preValidation: requireDeviceSession,
    },
    async (request) => {
      // requireDeviceSession found the device by this cookie, so it is there.
      const token = request.cookies[DEVICE_SESSION_COOKIE]!;
      const key = await devices.resetKey(signedInDevice(request), token);
      return { success: true as const, data: { cle_mac: key } };
    },
  );
};
