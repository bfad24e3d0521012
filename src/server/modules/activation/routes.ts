import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activationBodySchema } from '../../../shared/api/panel-device';
import { requireSelf, requireUser } from '../../plugins/auth-guards';

/** Activate MAC: a plan on a device, paid with the caller's credits (admins: free). */
export const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { activation } = app.deps;

  app.post(
    '/device/updatepayment',
    { schema: { body: activationBodySchema }, preValidation: requireUser },
    async (request) => {
      const actor = requireSelf(request, request.body.user_id);
      const { plan, mac: deviceId, name, phone, cle_mac: deviceKey } = request.body;
      const { updatedCredits } = await activation.activate(actor, { deviceId, plan, name, phone, deviceKey });
      return { success: true, message: 'Device activated successfully', updated_credits: updatedCredits };
    },
  );
};
