import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkMacBodySchema,
  deviceIdParams,
  deviceListQuerySchema,
  resellerDevicesParams,
  updateDeviceBodySchema,
} from '../../../shared/api/panel-device';
import { requireAdmin, requireSelf, requireUser, signedInUser } from '../../plugins/auth-guards';

/** The panel's device calls: lists, ban, edit, delete and check MAC (activation: activation/routes.ts). */
export const panelDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { panelDevices: devices } = app.deps;

  app.get(
    '/device/all',
    { schema: { querystring: deviceListQuerySchema }, preValidation: requireAdmin },
    async (request) => {
      const { page, per_page, ...filter } = request.query;
      return { success: true, ...(await devices.list(filter, page, per_page)) };
    },
  );

  app.get(
    '/device/reseller/:userId',
    {
      schema: { params: resellerDevicesParams, querystring: deviceListQuerySchema },
      preValidation: requireUser,
    },
    async (request) => {
      const user = requireSelf(request, request.params.userId);
      const { page, per_page, ...filter } = request.query;
      return { success: true, ...(await devices.list({ ...filter, ownerId: user.id }, page, per_page)) };
    },
  );

  app.put(
    '/device/toggleBan/:id',
    { schema: { params: deviceIdParams }, preValidation: requireAdmin },
    async (request) => {
      const device = await devices.toggleBan(request.params.id);
      return { success: true, data: device, message: device.banned ? 'Device banned' : 'Device unbanned' };
    },
  );

  app.put(
    '/device/:id',
    { schema: { params: deviceIdParams, body: updateDeviceBodySchema }, preValidation: requireUser },
    async (request) => {
      return {
        success: true,
        data: await devices.updateContact(signedInUser(request), request.params.id, request.body),
      };
    },
  );

  app.delete(
    '/device/:id',
    { schema: { params: deviceIdParams }, preValidation: requireAdmin },
    async (request) => {
      await devices.remove(request.params.id);
      return { success: true, message: 'Device deleted' };
    },
  );

  app.post(
    '/client/device/check-mac',
    { schema: { body: checkMacBodySchema }, preValidation: requireUser },
    async (request) => {
      return { success: true, data: await devices.checkMac(signedInUser(request), request.body.mac) };
    },
  );
};
