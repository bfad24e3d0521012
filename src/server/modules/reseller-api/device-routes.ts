import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { playlistBodySchema } from '../../../shared/api/playlist';
import {
  apiActivationBodySchema,
  apiActivationResponseSchema,
  apiDeletedResponseSchema,
  apiDeviceListQuerySchema,
  apiDeviceListResponseSchema,
  apiDeviceResponseSchema,
  apiPlaylistListResponseSchema,
  apiPlaylistResponseSchema,
} from '../../../shared/api/reseller-api';
import { toPanelDevice } from '../devices/panel-device-service';
import { requireApiKey } from '../../plugins/api-key-guard';
import { signedInUser } from '../../plugins/auth-guards';
import { requireManaged } from '../security/ownership';
import { decodeCursor, encodeCursor } from './cursor';
import {
  answered,
  deviceParams,
  documentedProblems,
  exampleDevice,
  examplePlaylist,
  playlistParams,
  sent,
} from './examples';

const deviceKeyRequired = {
  code: 'device_key_required',
  title: 'This device belongs to a viewer: its device key is required',
} as const;
const anotherResellers = { code: 'forbidden', title: 'This device belongs to another reseller' } as const;

const pinHeader = z.object({ 'x-playlist-pin': sent(z.string().max(16), '1234').optional() });

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
        response: {
          200: answered(apiDeviceListResponseSchema, {
            data: [exampleDevice],
            next_cursor: 'aWQ6MTIwNw',
          }),
          ...documentedProblems([400, 401, 403, 429, 503], {
            400: [{ code: 'invalid_input', title: 'This cursor is not valid', field: 'cursor' }],
          }),
        },
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
        params: deviceParams,
        response: {
          200: answered(apiDeviceResponseSchema, { data: exampleDevice }),
          ...documentedProblems([400, 401, 403, 404, 429, 503]),
        },
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
        params: deviceParams,
        body: sent(
          apiActivationBodySchema,
          {
            plan: 'year',
            client_name: 'Ada Lovelace',
            client_phone: '+33 6 12 34 56 78',
          },
          "One year on a device, with the customer's name and phone",
        ),
        response: {
          200: answered(apiActivationResponseSchema, { data: exampleDevice, credits_left: 41 }),
          ...documentedProblems([400, 401, 402, 403, 404, 409, 422, 429, 503], {
            403: [
              deviceKeyRequired,
              { code: 'device_key_incorrect', title: 'The device key does not match this device' },
              anotherResellers,
            ],
            409: [
              { code: 'already_lifetime', title: 'This device already has a lifetime plan' },
              { code: 'device_banned', title: 'This device is banned' },
            ],
          }),
        },
      },
      preValidation: requireApiKey('devices:activate'),
      config: { audit: { records: ['device.activated'] }, idempotent: true },
    },
    async (request) => {
      const { plan, client_name: name, client_phone: phone, device_key: deviceKey } = request.body;
      // The device is read and answered inside the activation's transaction: a read outside it, while
      // the turn's transaction is open, waits for that commit (decision 0042).
      const { updatedCredits, device } = await activation.activate(signedInUser(request), {
        mac: request.params.mac,
        plan,
        name,
        phone,
        deviceKey,
      });
      // The caller manages the device now (its new owner, or an admin): shown in full, as Check MAC does.
      return { data: toPanelDevice(device, device.device_key), credits_left: updatedCredits };
    },
  );

  app.get(
    '/devices/:mac/playlists',
    {
      schema: {
        summary: "A device's playlists (protected ones without their address)",
        params: deviceParams,
        response: {
          200: answered(apiPlaylistListResponseSchema, {
            data: [examplePlaylist, { ...examplePlaylist, id: 43, name: 'Kids', url: null, hasPin: true }],
          }),
          ...documentedProblems([400, 401, 403, 404, 429, 503]),
        },
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
        params: deviceParams,
        body: sent(
          playlistBodySchema,
          { name: 'News', url: 'https://iptv.example/news.m3u' },
          'A playlist by its address',
        ),
        response: {
          201: answered(apiPlaylistResponseSchema, { data: examplePlaylist }),
          ...documentedProblems([400, 401, 403, 404, 409, 422, 429, 503], {
            403: [{ code: 'missing_scope', title: 'This key lacks the playlists:write scope' }],
          }),
        },
      },
      preValidation: requireApiKey('playlists:write'),
      config: { audit: { records: ['playlist.added'] }, idempotent: true },
    },
    async (request, reply) => {
      const device = await managedDevice(signedInUser(request), request.params.mac);
      return reply.status(201).send({ data: await playlists.create(device.id, request.body) });
    },
  );

  app.delete(
    '/devices/:mac/playlists/:id',
    {
      config: { audit: { records: ['playlist.deleted'] } },
      schema: {
        summary: 'Delete a playlist (a protected one needs its PIN in X-Playlist-Pin)',
        params: playlistParams,
        headers: pinHeader,
        response: {
          200: answered(apiDeletedResponseSchema, { data: { deleted: true } }),
          ...documentedProblems([400, 401, 403, 404, 429, 503], {
            403: [
              { code: 'pin_required', title: 'This playlist is protected' },
              { code: 'incorrect_pin', title: 'Incorrect PIN' },
            ],
          }),
        },
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
