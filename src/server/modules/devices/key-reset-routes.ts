import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceIdParams } from '../../../shared/api/panel-device';
import { requireUser, signedInUser } from '../../plugins/auth-guards';

/** The panel's Reset key (decision 0011): answers the device with its new key. */
export const deviceKeyResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deviceKeys: keys } = app.deps;

  app.put(
    '/device/resetKey/:id',
    { schema: { params: deviceIdParams }, preValidation: requireUser },
    async (request) => {
      const device = await keys.resetKey(signedInUser(request), request.params.id);
      return { success: true, data: device, message: 'Device key reset' };
    },
  );
};
