import QRCode from 'qrcode';
import type { PairingCodeView, PairingPreview } from '../../../shared/api/pairing';
import type { GuessingLimits } from '../../config';
import type { DeviceRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { DeviceAccessService } from '../devices/device-access-service';
import type { DeviceRepository } from '../devices/device-repository';
import type { AttemptLimiter } from '../security/attempt-limiter';
import { guess, type GuardedAttempt } from '../security/guess';
import { hashToken } from '../security/tokens';
import { generatePairingCode, maskMac } from './pairing-codes';
import type { PairingRepository, SpentPairingCode } from './pairing-repository';

/** Used and expired codes are kept this long, so a late scan is told what happened, not "not found". */
const SPENT_CODE_RETENTION_MS = 24 * 60 * 60_000;

/** Where a code is opened and where its QR image is, under the site's public origin. */
export function pairingLinks(origin: string, code: string): { url: string; qr_url: string } {
  return {
    url: `${origin}/pair?code=${code}`,
    qr_url: `${origin}/api/v1/device/pairing/${code}/qr.svg`,
  };
}

function refuseSpent(code: SpentPairingCode): never {
  if (code.used_at) throw new AppError(410, 'pairing_code_used', 'This pairing code was already used');
  throw new AppError(410, 'pairing_code_expired', 'This pairing code has expired');
}

function refuseBanned(device: DeviceRow | undefined): DeviceRow {
  if (!device) throw notFound('Pairing code not found');
  if (device.is_banned) throw new AppError(403, 'device_banned', 'Banned User');
  return device;
}

/**
 * Pairing (docs/architecture.md §6.13): the TV app, signed in with MAC + key, asks for a short code;
 * a phone that reads it (typed or from the QR image) is signed into the device page without the key.
 * A code is a secret of 40 bits that lives ten minutes and opens the device once.
 */
export function createPairingService(deps: {
  pairing: PairingRepository;
  access: DeviceAccessService;
  devices: DeviceRepository;
  limiter: AttemptLimiter;
  limits: GuessingLimits;
}) {
  const { pairing, access, devices, limiter, limits } = deps;

  /**
   * A code has no account to count against, so wrong codes count per client address, reserved before
   * the lookup like a device key's (decision 0010): N parallel guesses look up at most the limit.
   */
  const perAddress = (ip: string): GuardedAttempt => ({
    key: `pairing:ip:${ip}`,
    rule: {
      maxFailures: limits.pairingFailuresPerIp,
      windowMs: limits.pairingLockMs,
      lockMs: limits.pairingLockMs,
    },
    refusal: 'too_many_attempts',
  });

  const expiresIn = (expiresAt: Date, now: Date) =>
    Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));

  return {
    /**
     * The TV app's request: the MAC and key are checked by the device sign-in itself (the same
     * guessing limits, and a banned device is refused), so a code opens nothing the key does not.
     */
    async requestCode(mac: string, key: string, ip: string, origin: string): Promise<PairingCodeView> {
      const device = await access.login(mac, key, ip);
      const code = generatePairingCode();
      const now = new Date();
      await pairing.insert({
        codeHash: hashToken(code),
        deviceId: device.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + limits.pairingCodeTtlMs),
      });
      await pairing.deleteExpired(new Date(now.getTime() - SPENT_CODE_RETENTION_MS));
      return { code, expires_in: Math.round(limits.pairingCodeTtlMs / 1000), ...pairingLinks(origin, code) };
    },

    /** The phone's look before claiming: the masked MAC and app name; the code stays unused. */
    async preview(code: string, ip: string): Promise<PairingPreview> {
      const outcome = await guess(limiter, [perAddress(ip)], () => pairing.findByHash(hashToken(code)));
      if (!outcome.right) throw notFound('Pairing code not found');
      const now = new Date();
      const found = outcome.value;
      if (found.used_at || found.expires_at <= now) refuseSpent(found);
      const device = refuseBanned(await devices.findById(found.device_id));
      return {
        mac: maskMac(device.mac),
        app_name: device.app_name,
        expires_in: expiresIn(found.expires_at, now),
      };
    },

    /** Uses the code up and answers its device, which the route signs the browser into. */
    async claim(code: string, ip: string): Promise<DeviceRow> {
      const codeHash = hashToken(code);
      type Claimed = { deviceId: number } | { spent: SpentPairingCode };
      const outcome = await guess<Claimed>(limiter, [perAddress(ip)], async () => {
        const deviceId = await pairing.claim(codeHash, new Date());
        if (deviceId !== undefined) return { deviceId };
        // Not claimable: a code that exists was guessed right all the same, it is only spent.
        const spent = await pairing.findByHash(codeHash);
        return spent ? { spent } : null;
      });
      if (!outcome.right) throw notFound('Pairing code not found');
      if ('spent' in outcome.value) refuseSpent(outcome.value.spent);
      return refuseBanned(await devices.findById(outcome.value.deviceId));
    },

    /**
     * The QR image of a code's page, drawn from the code alone: no lookup, so the image says nothing
     * about whether a code exists and costs no guess.
     */
    qrSvg(code: string, origin: string): Promise<string> {
      return QRCode.toString(pairingLinks(origin, code).url, {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 2,
      });
    },
  };
}
export type PairingService = ReturnType<typeof createPairingService>;
