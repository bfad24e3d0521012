import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  panelAddPlaylistBodySchema,
  panelPlaylistParams,
  panelPlaylistsParams,
  panelUpdatePlaylistBodySchema,
} from '../../../shared/api/panel-playlist';
import { unlockBodySchema } from '../../../shared/api/playlist';
import { requireSelf, requireUser, signedInUser } from '../../plugins/auth-guards';
import { requireManaged } from '../security/ownership';

const pinHeader = z.object({ 'x-playlist-pin': z.string().max(16).optional() });

/** The panel's playlists: those of the devices the caller owns (admins: all), with the device page's PIN rules. */
export const panelPlaylistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { playlists, deviceLookup: devices } = app.deps;

  app.get(
    '/reseller/get_playlists/:userId',
    { schema: { params: panelPlaylistsParams }, preValidation: requireUser },
    async (request) => {
      const user = requireSelf(request, request.params.userId);
      return {
        success: true,
        data: await playlists.listForOwner(user.role === 'admin' ? undefined : user.id),
      };
    },
  );

  app.post(
    '/reseller/add_playlist',
    { schema: { body: panelAddPlaylistBodySchema }, preValidation: requireUser },
    async (request, reply) => {
      const user = signedInUser(request);
      if (request.body.userId !== undefined) requireSelf(request, request.body.userId);
      const device = requireManaged(user, await devices.findByMac(request.body.mac), 'Device not found');
      const playlist = await playlists.create(device.id, request.body);
      return reply.status(201).send({ success: true, data: { ...playlist, mac: device.mac } });
    },
  );

  app.put(
    '/reseller/update_playlist/:id',
    {
      schema: { params: panelPlaylistParams, body: panelUpdatePlaylistBodySchema, headers: pinHeader },
      preValidation: requireUser,
    },
    async (request) => {
      if (request.body.userId !== undefined) requireSelf(request, request.body.userId);
      const deviceId = await playlists.deviceOf(request.params.id, signedInUser(request));
      const pin = request.headers['x-playlist-pin'];
      return { success: true, data: await playlists.update(deviceId, request.params.id, request.body, pin) };
    },
  );

  app.delete(
    '/reseller/delete_playlist/:id',
    { schema: { params: panelPlaylistParams, headers: pinHeader }, preValidation: requireUser },
    async (request) => {
      const deviceId = await playlists.deviceOf(request.params.id, signedInUser(request));
      await playlists.remove(deviceId, request.params.id, request.headers['x-playlist-pin']);
      return { success: true };
    },
  );

  app.post(
    '/reseller/playlist/:id/unlock',
    { schema: { params: panelPlaylistParams, body: unlockBodySchema }, preValidation: requireUser },
    async (request) => {
      const deviceId = await playlists.deviceOf(request.params.id, signedInUser(request));
      return { success: true, data: await playlists.unlock(deviceId, request.params.id, request.body.pin) };
    },
  );
};
