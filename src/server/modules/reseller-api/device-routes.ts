import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problems } from '../../../shared/api/common';
import { playlistBodySchema } from '../../../shared/api/playlist';
import {
  apiActivationBodySchema,
  apiActivationResponseSchema,
  apiDeletedResponseSchema,
  apiDeviceListQuerySchema,
  apiDeviceListResponseSchema,
  apiDeviceParams,
  apiDeviceResponseSchema,
  apiPlaylistListResponseSchema,
  apiPlaylistParams,
  apiPlaylistResponseSchema,
} from '../../../shared/api/reseller-api';
import { notFound } from '../../errors';
import { requireApiKey } from '../../plugins/api-key-guard';
import { signedInUser } from '../../plugins/auth-guards';
import { requireManaged } from '../security/ownership';
import { decodeCursor, encodeCursor } from './cursor';

const pinHeader = z.object({ 'x-playlist-pin': z.string().max(16).optional() });

/** Devices, their activation and their playlists, with the panel's rules (docs/product.md §7). */
export const resellerApiDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { panelDevices, deviceLookup, activation, playlists } = app.deps;

  /** The caller's device behind a MAC; anyone else's is 404, as on the panel. */
  async function managedDevice(user: Parameters<typeof requireManaged>[0], mac: string) {
    return requireManaged(user, await deviceLookup.findByMac(mac), 'Device not found');
  }

  app.get(
    '/devices',
    {
      schema: {
        summary: "The caller's devices (an admin's: all), newest first, searched and filtered, by cursor",
        querystring: apiDeviceListQuerySchema,
        response: { 200: apiDeviceListResponseSchema, ...problems(400, 401, 403, 429, 503) },
      },
      preValidation: requireApiKey('devices:read'),
    },
    async (request) => {
      const user = signedInUser(request);
      const { q, status, payment, cursor, limit } = request.query;
      const filter = { ownerId: user.role === 'admin' ? undefined : user.id, status, payment, search: q };
      const page = await panelDevices.listAfter(filter, decodeCursor(cursor), limit);
      return { data: page.data, next_cursor: encodeCursor(page.lastId) };
    },
  );

  app.get(
    '/devices/:mac',
    {
      schema: {
        summary: 'One device by MAC: yours in full; a free one with what activating it needs',
        params: apiDeviceParams,
        response: { 200: apiDeviceResponseSchema, ...problems(400, 401, 403, 404, 429, 503) },
      },
      preValidation: requireApiKey('devices:read'),
    },
    async (request) => ({ data: await panelDevices.checkMac(signedInUser(request), request.params.mac) }),
  );

  app.post(
    '/devices/:mac/activation',
    {
      schema: {
        summary:
          "Activate a plan on a device, paid with the caller's credits (a viewer's device needs its key)",
        params: apiDeviceParams,
        body: apiActivationBodySchema,
        response: {
          200: apiActivationResponseSchema,
          ...problems(400, 401, 402, 403, 404, 409, 422, 429, 503),
        },
      },
      preValidation: requireApiKey('devices:activate'),
      config: { idempotent: true },
    },
    async (request) => {
      const user = signedInUser(request);
      const device = await deviceLookup.findByMac(request.params.mac);
      if (!device) throw notFound('Device not found');
      const { plan, client_name: name, client_phone: phone, device_key: deviceKey } = request.body;
      const { updatedCredits } = await activation.activate(user, {
        deviceId: device.id,
        plan,
        name,
        phone,
        deviceKey,
      });
      return { data: await panelDevices.checkMac(user, device.mac), credits_left: updatedCredits };
    },
  );

  app.get(
    '/devices/:mac/playlists',
    {
      schema: {
        summary: "A device's playlists (protected ones without their address)",
        params: apiDeviceParams,
        response: { 200: apiPlaylistListResponseSchema, ...problems(400, 401, 403, 404, 429, 503) },
      },
      preValidation: requireApiKey('devices:read'),
    },
    async (request) => {
      const device = await managedDevice(signedInUser(request), request.params.mac);
      return { data: await playlists.listForDevice(device.id) };
    },
  );

  app.post(
    '/devices/:mac/playlists',
    {
      schema: {
        summary: 'Add a playlist to a device (an address, or an Xtream account; optionally PIN-protected)',
        params: apiDeviceParams,
        body: playlistBodySchema,
        response: { 201: apiPlaylistResponseSchema, ...problems(400, 401, 403, 404, 409, 422, 429, 503) },
      },
      preValidation: requireApiKey('playlists:write'),
      config: { idempotent: true },
    },
    async (request, reply) => {
      const device = await managedDevice(signedInUser(request), request.params.mac);
      return reply.status(201).send({ data: await playlists.create(device.id, request.body) });
    },
  );

  app.delete(
    '/devices/:mac/playlists/:id',
    {
      schema: {
        summary: 'Delete a playlist (a protected one needs its PIN in X-Playlist-Pin)',
        params: apiPlaylistParams,
        headers: pinHeader,
        response: { 200: apiDeletedResponseSchema, ...problems(400, 401, 403, 404, 429, 503) },
      },
      preValidation: requireApiKey('playlists:write'),
    },
    async (request) => {
      const device = await managedDevice(signedInUser(request), request.params.mac);
      await playlists.remove(device.id, request.params.id, request.headers['x-playlist-pin']);
      return { data: { deleted: true as const } };
    },
  );
};
