import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, failures } from '../../../shared/api/common';
import {
  checkMacBodySchema,
  deviceChangeResponseSchema,
  deviceIdParams,
  deviceListQuerySchema,
  deviceListResponseSchema,
  panelDeviceResponseSchema,
  resellerDevicesParams,
  updateDeviceBodySchema,
} from '../../../shared/api/panel-device';
import { requireAdmin, requireSelf, requireUser, signedInUser } from '../../plugins/auth-guards';

/** The panel's device calls: lists, ban, edit, delete and check MAC (activation: activation/routes.ts). */
export const panelDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { panelDevices: devices } = app.deps;

  app.get(
    '/device/all',
    {
      schema: {
        summary: 'Every device, filtered and paged (admins)',
        querystring: deviceListQuerySchema,
        response: { 200: deviceListResponseSchema, ...failures(400, 401, 403, 503) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const { page, per_page, ...filter } = request.query;
      return { success: true as const, ...(await devices.list(filter, page, per_page)) };
    },
  );

  app.get(
    '/device/reseller/:userId',
    {
      schema: {
        summary: "The signed-in reseller's devices, filtered and paged",
        params: resellerDevicesParams,
        querystring: deviceListQuerySchema,
        response: { 200: deviceListResponseSchema, ...failures(400, 401, 403, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const user = requireSelf(request, request.params.userId);
      const { page, per_page, ...filter } = request.query;
      return {
        success: true as const,
        ...(await devices.list({ ...filter, ownerId: user.id }, page, per_page)),
      };
    },
  );

  app.put(
    '/device/toggleBan/:id',
    {
      config: { audit: { records: ['device.banned', 'device.unbanned'] } },
      schema: {
        summary: 'Ban or lift the ban of a device (admins)',
        params: deviceIdParams,
        response: { 200: deviceChangeResponseSchema, ...failures(400, 401, 403, 404, 503) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const device = await devices.toggleBan(signedInUser(request), request.params.id);
      return {
        success: true as const,
        data: device,
        message: device.banned ? 'Device banned' : 'Device unbanned',
      };
    },
  );

  app.put(
    '/device/:id',
    {
      config: { audit: { records: ['device.updated'] } },
      schema: {
        summary: "Change a managed device's client name and phone",
        params: deviceIdParams,
        body: updateDeviceBodySchema,
        response: { 200: panelDeviceResponseSchema, ...failures(400, 401, 404, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      return {
        success: true as const,
        data: await devices.updateContact(signedInUser(request), request.params.id, request.body),
      };
    },
  );

  app.delete(
    '/device/:id',
    {
      config: { audit: { records: ['device.deleted'] } },
      schema: {
        summary: 'Delete a device and its playlists (admins)',
        params: deviceIdParams,
        response: { 200: done, ...failures(400, 401, 403, 404, 503) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      await devices.remove(signedInUser(request), request.params.id);
      return { success: true as const, message: 'Device deleted' };
    },
  );

  app.post(
    '/client/device/check-mac',
    {
      config: { audit: { exempt: 'a lookup' } },
      schema: {
        summary: 'Check MAC: a device by its MAC (nothing of the viewer for an unmanaged one)',
        body: checkMacBodySchema,
        response: { 200: panelDeviceResponseSchema, ...failures(400, 401, 404, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      return {
        success: true as const,
        data: await devices.checkMac(signedInUser(request), request.body.mac),
      };
    },
  );
};
