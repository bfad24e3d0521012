import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures } from '../../../shared/api/common';
import { deviceCredentialsSchema } from '../../../shared/api/device';
import {
  claimPairingBodySchema,
  claimPairingResponseSchema,
  pairingCodeParams,
  pairingCodeResponseSchema,
  pairingPreviewResponseSchema,
} from '../../../shared/api/pairing';
import { DEVICE_SESSION_COOKIE, deviceCookieOptions } from '../../plugins/device-guard';

/** Pairing a phone with a TV: the TV app asks for a code, the phone reads and claims it. */
export const pairingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pairing, devices, config } = app.deps;
  const cookie = deviceCookieOptions(config.production);

  /**
   * PUBLIC_URL, or the address the TV app called. Unlike a page's links (plugins/web.ts), the Host
   * here only shapes the answer to the caller who wrote it, who already holds the MAC and key.
   */
  const originOf = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.post(
    '/device/pairing',
    {
      config: { audit: { exempt: 'a short-lived pairing code; nothing changes until it is claimed' } },
      schema: {
        summary: 'The TV app asks for a pairing code (with its MAC and key) for a phone to open',
        body: deviceCredentialsSchema,
        response: { 201: pairingCodeResponseSchema, ...failures(400, 401, 403, 429, 503) },
      },
    },
    async (request, reply) => {
      const { mac, cle_mac: key } = request.body;
      const code = await pairing.requestCode(mac, key, request.ip, originOf(request));
      return reply.status(201).send({ success: true as const, data: code });
    },
  );

  app.get(
    '/device/pairing/:code',
    {
      schema: {
        summary: 'The device a pairing code opens (MAC masked), without using the code up',
        params: pairingCodeParams,
        response: { 200: pairingPreviewResponseSchema, ...failures(400, 403, 404, 410, 429, 503) },
      },
    },
    async (request) => {
      return { success: true as const, data: await pairing.preview(request.params.code, request.ip) };
    },
  );

  app.get(
    '/device/pairing/:code/qr.svg',
    {
      schema: {
        summary: "A QR image of a pairing code's page, for the TV app to show as it is",
        params: pairingCodeParams,
        response: {
          200: z.string().describe('image/svg+xml'),
          ...failures(400),
        },
      },
    },
    async (request, reply) => {
      const svg = await pairing.qrSvg(request.params.code, originOf(request));
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    },
  );

  app.post(
    '/device/pairing/claim',
    {
      // Recorded as the device page's sign-in by pairing code (never the code itself).
      config: { audit: { records: ['viewer.signed_in'] } },
      schema: {
        summary: 'Use a pairing code up: the device, and the device-session cookie for this browser',
        body: claimPairingBodySchema,
        response: { 200: claimPairingResponseSchema, ...failures(400, 403, 404, 410, 429, 503) },
      },
    },
    async (request, reply) => {
      const device = await pairing.claim(request.body.code, request.ip);
      reply.setCookie(DEVICE_SESSION_COOKIE, await devices.startSession(device, 'pairing_code'), cookie);
      return { success: true as const, data: await devices.view(device) };
    },
  );
};
