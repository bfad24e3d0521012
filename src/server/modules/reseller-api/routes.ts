import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problems } from '../../../shared/api/common';
import { macSchema } from '../../../shared/api/device';
import { panelDeviceSchema } from '../../../shared/api/panel-device';
import { requireApiKey } from '../../plugins/api-key-guard';
import { signedInUser } from '../../plugins/auth-guards';
import { answerWithProblemDetails } from '../../plugins/error-envelope';

const deviceParams = z.strictObject({ mac: macSchema });

/**
 * The reseller API (`/api/reseller/v1`, docs/architecture.md §Reseller API): a bearer API key acts as
 * its owner, narrowed to its scopes, through the same services and ownership rules as the panel.
 * Answers are `{ data }`; failures are RFC 9457 problem details.
 */
export const resellerApiRoutes: FastifyPluginAsyncZod = async (app) => {
  answerWithProblemDetails(app);
  const { panelDevices } = app.deps;

  app.get(
    '/devices/:mac',
    {
      schema: {
        summary: 'One device by MAC: yours in full; a free one with what activating it needs',
        params: deviceParams,
        response: { 200: z.object({ data: panelDeviceSchema }), ...problems(400, 401, 403, 404, 503) },
      },
      preValidation: requireApiKey('devices:read'),
    },
    async (request) => ({ data: await panelDevices.checkMac(signedInUser(request), request.params.mac) }),
  );
};
