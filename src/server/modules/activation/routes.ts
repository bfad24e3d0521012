import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures } from '../../../shared/api/common';
import { activationBodySchema, activationResponseSchema } from '../../../shared/api/panel-device';
import { requireSelf, requireUser } from '../../plugins/auth-guards';

/** Activate MAC: a plan on a device, paid with the caller's credits (admins: free). */
export const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { activation } = app.deps;

  app.post(
    '/device/updatepayment',
    {
      schema: {
        summary:
          "Activate a plan on a device, paid with the caller's credits (a viewer's device needs its key)",
        body: activationBodySchema,
        response: {
          200: activationResponseSchema,
          ...failures(400, 401, 402, 403, 404, 409, 422, 429, 503),
        },
      },
      preValidation: requireUser,
      config: { audit: { records: ['device.activated'] }, idempotent: true },
    },
    async (request) => {
      const actor = requireSelf(request, request.body.user_id);
      const { plan, mac: deviceId, name, phone, cle_mac: deviceKey } = request.body;
      const { updatedCredits } = await activation.activate(actor, { deviceId, plan, name, phone, deviceKey });
      return {
        success: true as const,
        message: 'Device activated successfully',
        updated_credits: updatedCredits,
      };
    },
  );
};
