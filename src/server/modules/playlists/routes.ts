import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import { macSchema } from '../../../shared/api/device';
import { playlistBodySchema, unlockBodySchema } from '../../../shared/api/playlist';
import { requireDeviceSession, signedInDevice } from '../../plugins/device-guard';

const macParams = z.strictObject({ mac: macSchema });
const playlistParams = z.strictObject({ mac: macSchema, playlistId: idParam });
/** Changing or deleting a protected playlist needs its current PIN, sent in this header. */
const pinHeader = z.object({ 'x-playlist-pin': z.string().max(16).optional() });

/** The device page's playlist calls: all behind a device session bound to the MAC in the path. */
export const playlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { playlists } = app.deps;

  app.post(
    '/playlist/:mac',
    { schema: { params: macParams, body: playlistBodySchema }, preValidation: requireDeviceSession },
    async (request, reply) => {
      const playlist = await playlists.create(signedInDevice(request).id, request.body);
      return reply.status(201).send({ success: true, data: playlist });
    },
  );

  app.put(
    '/playlist/:mac/:playlistId',
    {
      schema: { params: playlistParams, body: playlistBodySchema, headers: pinHeader },
      preValidation: requireDeviceSession,
    },
    async (request) => {
      const { id } = signedInDevice(request);
      const pin = request.headers['x-playlist-pin'];
      return {
        success: true,
        data: await playlists.update(id, request.params.playlistId, request.body, pin),
      };
    },
  );

  app.delete(
    '/playlist/:mac/:playlistId',
    { schema: { params: playlistParams, headers: pinHeader }, preValidation: requireDeviceSession },
    async (request) => {
      const { id } = signedInDevice(request);
      await playlists.remove(id, request.params.playlistId, request.headers['x-playlist-pin']);
      return { success: true };
    },
  );

  app.post(
    '/playlist/:mac/:playlistId/unlock',
    { schema: { params: playlistParams, body: unlockBodySchema }, preValidation: requireDeviceSession },
    async (request) => {
      const { id } = signedInDevice(request);
      return { success: true, data: await playlists.unlock(id, request.params.playlistId, request.body.pin) };
    },
  );
};
