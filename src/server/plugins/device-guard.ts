import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalizeMac } from '../../shared/mac';
import type { DeviceRow } from '../db/schema';
import { unauthorized } from '../errors';
import { requireUser } from './auth-guards';

export const DEVICE_SESSION_COOKIE = 'dsid';

declare module 'fastify' {
  interface FastifyRequest {
    device: DeviceRow | null;
  }
}

export function deviceCookieOptions(production: boolean) {
  // Only the API needs it; SameSite=Lax keeps it off cross-site writes.
  return { httpOnly: true, sameSite: 'lax' as const, secure: production, path: '/api/v1' };
}

/**
 * preValidation hook for /playlist/{mac}/...: a device session bound to the MAC in the path. Another
 * device's MAC is treated like no session at all.
 */
export async function requireDeviceSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[DEVICE_SESSION_COOKIE];
  const device = token ? await request.server.deps.devices.authenticate(token) : null;
  if (!device) {
    if (token) reply.clearCookie(DEVICE_SESSION_COOKIE, { path: '/api/v1' });
    throw unauthorized('Sign in with the MAC address and device key first');
  }
  // Runs before validation, so the path's MAC is normalised here (an invalid one matches no device).
  const { mac } = request.params as { mac?: string };
  if (mac !== undefined && normalizeMac(mac) !== device.mac) {
    throw unauthorized('Sign in with the MAC address and device key first');
  }
  request.device = device;
}

export function signedInDevice(request: FastifyRequest): DeviceRow {
  if (!request.device) throw unauthorized();
  return request.device;
}

/**
 * preValidation hook for calls both the device page and the panel make (the playlist probe): a
 * device session if there is one, otherwise a panel session (the route then checks the device it
 * names is the user's).
 */
export async function requireDeviceOrPanelSession(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = request.cookies[DEVICE_SESSION_COOKIE];
  const device = token ? await request.server.deps.devices.authenticate(token) : null;
  if (device) {
    request.device = device;
    return;
  }
  await requireUser(request, reply);
}
