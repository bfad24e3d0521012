import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, failures } from '../../../shared/api/common';
import {
  panelAddPlaylistBodySchema,
  panelPlaylistListResponseSchema,
  panelPlaylistParams,
  panelPlaylistResponseSchema,
  panelPlaylistsParams,
  panelUpdatePlaylistBodySchema,
} from '../../../shared/api/panel-playlist';
import { playlistResponseSchema, unlockBodySchema } from '../../../shared/api/playlist';
import { requireSelf, requireUser, signedInUser } from '../../plugins/auth-guards';
import { requireManaged } from '../security/ownership';

const pinHeader = z.object({ 'x-playlist-pin': z.string().max(16).optional() });

/** The panel's playlists: those of the devices the caller owns (admins: all), with the device page's PIN rules. */
export const panelPlaylistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { playlists, deviceLookup: devices } = app.deps;

  app.get(
    '/reseller/get_playlists/:userId',
    {
      schema: {
        summary: "Playlists of the caller's devices (admins: all), with each device's MAC",
        params: panelPlaylistsParams,
        response: { 200: panelPlaylistListResponseSchema, ...failures(400, 401, 403, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const user = requireSelf(request, request.params.userId);
      return {
        success: true as const,
        data: await playlists.listForOwner(user.role === 'admin' ? undefined : user.id),
      };
    },
  );

  app.post(
    '/reseller/add_playlist',
    {
      config: { audit: { records: ['playlist.added'] } },
      schema: {
        summary: 'Add a playlist to a device the caller manages',
        body: panelAddPlaylistBodySchema,
        response: { 201: panelPlaylistResponseSchema, ...failures(400, 401, 403, 404, 409, 503) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (request.body.userId !== undefined) requireSelf(request, request.body.userId);
      const device = requireManaged(user, await devices.findByMac(request.body.mac), 'Device not found');
      const playlist = await playlists.create(device.id, request.body);
      return reply.status(201).send({ success: true as const, data: { ...playlist, mac: device.mac } });
    },
  );

  app.put(
    '/reseller/update_playlist/:id',
    {
      config: { audit: { records: ['playlist.updated'] } },
      schema: {
        summary: 'Change a playlist (a protected one needs its PIN in X-Playlist-Pin)',
        params: panelPlaylistParams,
        body: panelUpdatePlaylistBodySchema,
        headers: pinHeader,
        response: { 200: playlistResponseSchema, ...failures(400, 401, 403, 404, 429, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      if (request.body.userId !== undefined) requireSelf(request, request.body.userId);
      const deviceId = await playlists.deviceOf(request.params.id, signedInUser(request));
      const pin = request.headers['x-playlist-pin'];
      return {
        success: true as const,
        data: await playlists.update(deviceId, request.params.id, request.body, pin),
      };
    },
  );

  app.delete(
    '/reseller/delete_playlist/:id',
    {
      config: { audit: { records: ['playlist.deleted'] } },
      schema: {
        summary: 'Delete a playlist (a protected one needs its PIN in X-Playlist-Pin)',
        params: panelPlaylistParams,
        headers: pinHeader,
        response: { 200: done, ...failures(400, 401, 403, 404, 429, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const deviceId = await playlists.deviceOf(request.params.id, signedInUser(request));
      await playlists.remove(deviceId, request.params.id, request.headers['x-playlist-pin']);
      return { success: true as const };
    },
  );

  app.post(
    '/reseller/playlist/:id/unlock',
    {
      config: { audit: { exempt: 'answers a protected playlist for its PIN; stores nothing' } },
      schema: {
        summary: "Unlock a protected playlist with its PIN: answers it with its account's details",
        params: panelPlaylistParams,
        body: unlockBodySchema,
        response: { 200: playlistResponseSchema, ...failures(400, 401, 403, 404, 429, 503) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const deviceId = await playlists.deviceOf(request.params.id, signedInUser(request));
      return {
        success: true as const,
        data: await playlists.unlock(deviceId, request.params.id, request.body.pin),
      };
    },
  );
};
