import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { failures } from '../../../shared/api/common';
import { probeBodySchema, probeResponseSchema } from '../../../shared/api/playlist-probe';
import type { DeviceRow } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { signedInUser } from '../../plugins/auth-guards';
import { requireDeviceOrPanelSession } from '../../plugins/device-guard';
import { requireManaged } from '../security/ownership';

/** POST /api/v1/playlist/probe: checks a playlist before it is saved (issue 16, docs/architecture.md §6.11). */
export const playlistProbeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { playlistProbes, deviceLookup } = app.deps;

  /** The device the probe is for: the device session's, or the panel user's device named by `mac`. */
  async function deviceProbedFor(request: FastifyRequest, mac: string | undefined): Promise<DeviceRow> {
    if (request.device) {
      if (mac !== undefined && mac !== request.device.mac) throw notFound('Device not found');
      return request.device;
    }
    if (mac === undefined) throw badRequest('mac is required', 'mac');
    return requireManaged(signedInUser(request), await deviceLookup.findByMac(mac), 'Device not found');
  }

  app.post(
    '/playlist/probe',
    {
      config: { audit: { exempt: "checks a playlist address; stores nothing but the check's rate" } },
      schema: {
        summary: 'Check an M3U address or an Xtream account before saving it (rate-limited)',
        body: probeBodySchema,
        response: { 200: probeResponseSchema, ...failures(400, 401, 403, 404, 429, 503) },
      },
      preValidation: requireDeviceOrPanelSession,
    },
    async (request) => {
      const { mac, url, server, username, password } = request.body;
      const device = await deviceProbedFor(request, mac);
      const target =
        server !== undefined
          ? { server, username: username as string, password: password as string }
          : { url: url as string };
      return { success: true as const, data: await playlistProbes.probe(device.id, request.ip, target) };
    },
  );
};
