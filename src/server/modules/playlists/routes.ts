import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, failures, idParam } from '../../../shared/api/common';
import { macSchema } from '../../../shared/api/device';
import { playlistBodySchema, playlistResponseSchema, unlockBodySchema } from '../../../shared/api/playlist';
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
    {
      config: { audit: { records: ['playlist.added'] } },
      schema: {
        summary: 'Add a playlist to the signed-in device (at most 50)',
        params: macParams,
        body: playlistBodySchema,
        response: { 201: playlistResponseSchema, ...failures(400, 401, 403, 409, 503) },
      },
      preValidation: requireDeviceSession,
    },
    async (request, reply) => {
      const playlist = await playlists.create(signedInDevice(request).id, request.body);
      return reply.status(201).send({ success: true as const, data: playlist });
    },
  );

  app.put(
    '/playlist/:mac/:playlistId',
    {
      config: { audit: { records: ['playlist.updated'] } },
      schema: {
        summary: 'Change a playlist (a protected one needs its PIN in X-Playlist-Pin)',
        params: playlistParams,
        body: playlistBodySchema,
        headers: pinHeader,
        response: { 200: playlistResponseSchema, ...failures(400, 401, 403, 404, 429, 503) },
      },
      preValidation: requireDeviceSession,
    },
    async (request) => {
      const { id } = signedInDevice(request);
      const pin = request.headers['x-playlist-pin'];
      return {
        success: true as const,
        data: await playlists.update(id, request.params.playlistId, request.body, pin),
      };
    },
  );

  app.delete(
    '/playlist/:mac/:playlistId',
    {
      config: { audit: { records: ['playlist.deleted'] } },
      schema: {
        summary: 'Delete a playlist (a protected one needs its PIN in X-Playlist-Pin)',
        params: playlistParams,
        headers: pinHeader,
        response: { 200: done, ...failures(400, 401, 403, 404, 429, 503) },
      },
      preValidation: requireDeviceSession,
    },
    async (request) => {
      const { id } = signedInDevice(request);
      await playlists.remove(id, request.params.playlistId, request.headers['x-playlist-pin']);
      return { success: true as const };
    },
  );

  app.post(
    '/playlist/:mac/:playlistId/unlock',
    {
      config: { audit: { exempt: 'answers a protected playlist for its PIN; stores nothing' } },
      schema: {
        summary: "A protected playlist's address and account, for its PIN (guess-limited)",
        params: playlistParams,
        body: unlockBodySchema,
        response: { 200: playlistResponseSchema, ...failures(400, 401, 403, 404, 429, 503) },
      },
      preValidation: requireDeviceSession,
    },
    async (request) => {
      const { id } = signedInDevice(request);
      return {
        success: true as const,
        data: await playlists.unlock(id, request.params.playlistId, request.body.pin),
      };
    },
  );
};
