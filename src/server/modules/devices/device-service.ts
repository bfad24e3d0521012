import { timingSafeEqual } from 'node:crypto';
import type { DeviceView } from '../../../shared/api/device';
import { trialExpiry } from '../../../shared/plans';
import type { GuessingLimits } from '../../config';
import type { DeviceRow } from '../../db/schema';
import { AppError, conflict, tooManyAttempts } from '../../errors';
import type { PlaylistService } from '../playlists/playlist-service';
import type { AttemptLimiter } from '../security/attempt-limiter';
import { hashToken, newSessionToken } from '../security/tokens';
import { generateDeviceKey } from './device-keys';
import type { DeviceRepository, DeviceSessionRepository } from './device-repository';

const TOUCH_INTERVAL_MS = 60_000;

export function toDeviceView(row: DeviceRow, playlists: DeviceView['playlists']): DeviceView {
  return {
    id: row.id,
    mac: row.mac,
    name: row.name,
    phone: row.phone,
    app_name: row.app_name,
    created_at: row.created_at.toISOString(),
    paid: row.is_paid,
    date_payment: row.paid_at?.toISOString() ?? null,
    payment_type: row.payment_type,
    banned: row.is_banned,
    expired_date: row.expires_at?.toISOString() ?? null,
    playlists,
  };
}

function sameKey(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class InvalidDeviceCredentialsError extends AppError {
  constructor() {
    super(401, 'invalid_credentials', 'Invalid credentials. Please try again.');
  }
}

/** The viewer's side: the TV app registers, the app and the device page sign in with MAC + key. */
export function createDeviceService(deps: {
  devices: DeviceRepository;
  deviceSessions: DeviceSessionRepository;
  playlists: PlaylistService;
  limiter: AttemptLimiter;
  limits: GuessingLimits;
}) {
  const { devices, deviceSessions, playlists, limiter, limits } = deps;
  const macRule = {
    maxFailures: limits.loginFailuresPerAccount,
    windowMs: limits.loginLockMs,
    lockMs: limits.loginLockMs,
  };
  const ipRule = {
    maxFailures: limits.loginFailuresPerIp,
    windowMs: limits.loginIpWindowMs,
    lockMs: limits.loginIpWindowMs,
  };

  return {
    async register(mac: string, appName: string | undefined) {
      const created = await devices.insertIfAbsent({
        mac,
        deviceKey: generateDeviceKey(),
        appName: appName || null,
        paymentType: 'free',
        expiresAt: trialExpiry(new Date()),
      });
      // The key of an existing device is never revealed, whoever asks.
      if (!created) throw conflict('This MAC address is already registered');
      return {
        mac: created.mac,
        cle_mac: created.device_key,
        payment_type: created.payment_type,
        expired_date: created.expires_at?.toISOString() ?? null,
      };
    },

    /**
     * MAC + key sign-in with guessing limits. Unknown MAC and wrong key fail alike; a locked MAC is
     * refused before the key is compared, so even the right key waits for the lock to end.
     */
    async login(mac: string, key: string, ip: string): Promise<DeviceRow> {
      const ipKey = `device:ip:${ip}`;
      const macKey = `device:mac:${mac}`;
      const [ipState, macState] = await limiter.checkEach([ipKey, macKey]);
      if (ipState?.locked) throw tooManyAttempts('too_many_attempts', ipState.retryAfterMs);
      if (macState?.locked) throw tooManyAttempts('account_locked', macState.retryAfterMs);

      const device = await devices.findByMac(mac);
      if (!device || !sameKey(device.device_key, key)) {
        await limiter.registerFailure(ipKey, ipRule);
        await limiter.registerFailure(macKey, macRule);
        throw new InvalidDeviceCredentialsError();
      }
      if (device.is_banned) throw new AppError(403, 'device_banned', 'Banned User');
      return device;
    },

    async view(device: DeviceRow): Promise<DeviceView> {
      return toDeviceView(device, await playlists.listForDevice(device.id));
    },

    async startSession(deviceId: number): Promise<string> {
      const token = newSessionToken();
      await deviceSessions.insert(hashToken(token), deviceId);
      return token;
    },

    /** The device behind a device-session cookie, or null (unknown, idle, or banned since). */
    async authenticate(token: string): Promise<DeviceRow | null> {
      const tokenHash = hashToken(token);
      const row = await deviceSessions.findWithDevice(tokenHash);
      if (!row) return null;
      const now = new Date();
      const idleMs = now.getTime() - row.last_seen_at.getTime();
      if (idleMs > limits.sessionIdleMs || row.is_banned) {
        await deviceSessions.delete(tokenHash);
        return null;
      }
      if (idleMs > TOUCH_INTERVAL_MS) await deviceSessions.touch(tokenHash, now);
      const { last_seen_at: _seen, ...device } = row;
      return device;
    },

    async endSession(token: string): Promise<void> {
      await deviceSessions.delete(hashToken(token));
    },
  };
}
export type DeviceService = ReturnType<typeof createDeviceService>;
