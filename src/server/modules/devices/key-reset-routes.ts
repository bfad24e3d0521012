import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures } from '../../../shared/api/common';
import { deviceChangeResponseSchema, deviceIdParams } from '../../../shared/api/panel-device';
import { requireUser, signedInUser } from '../../plugins/auth-guards';

/** The panel's Reset key (decision 0011): answers the device with its new key. */
export const deviceKeyResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deviceKeys: keys } = app.deps;

  app.put(
    '/device/resetKey/:id',
    {
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
};
