import type { DeviceView } from '../../../shared/api/device';
import { trialExpiry } from '../../../shared/plans';
import type { GuessingLimits } from '../../config';
import type { Db } from '../../db';
import { changeAndRecord, type EventRecorder } from '../events/outbox';
import { keyResetEvent } from './device-key-reset';
import type { DeviceRow } from '../../db/schema';
import { AppError, conflict, unauthorized } from '../../errors';
import { etagMatches } from '../../http-content';
import type { PlaylistService } from '../playlists/playlist-service';
import type { AttemptLimiter } from '../security/attempt-limiter';
import { guess } from '../security/guess';
import { resumeSession } from '../security/idle-sessions';
import { perAddress } from '../security/sign-in-limits';
import { countSubmission } from '../security/public-form-limit';
import { hashToken, newSessionToken } from '../security/tokens';
import { toDeviceFields } from './device-fields';
import { generateDeviceKey } from './device-keys';
import { deviceKeyAttempts, sameDeviceKey } from './device-key-guess';
import type { DeviceDocumentRepository } from './device-document-repository';
import {
  createDeviceRepository,
  createDeviceSessionRepository,
  type DeviceRepository,
  type DeviceSessionRepository,
} from './device-repository';
import type {
  DeviceMessageRepository,
  StoredDeviceMessage,
} from '../device-messages/device-message-repository';
import { toDeviceMessageView } from '../device-messages/device-message-view';

export function toDeviceView(
  row: DeviceRow,
  playlists: DeviceView['playlists'],
  messages: StoredDeviceMessage[] = [],
): DeviceView {
  return { ...toDeviceFields(row), playlists, messages: messages.map(toDeviceMessageView) };
}

/** How the device page signed in: with the MAC and key, or with a pairing code the TV showed. */
export type ViewerSignIn = 'device_key' | 'pairing_code';

export class InvalidDeviceCredentialsError extends AppError {
  constructor() {
    super(401, 'invalid_credentials', 'Invalid credentials. Please try again.');
  }
}

/** The viewer's side: the TV app registers, the app and the device page sign in with MAC + key. */
export function createDeviceAccessService(deps: {
  /** For the transactions that record the registration, sign-in and sign-out with their change. */
  db: Db;
  devices: DeviceRepository;
  documents: DeviceDocumentRepository;
  deviceSessions: DeviceSessionRepository;
  playlists: PlaylistService;
  /** A device's current messages: part of its TV answer and its page (migration 0017). */
  messages: DeviceMessageRepository;
  limiter: AttemptLimiter;
  limits: GuessingLimits;
  /** Records the registration, the device page's sign-ins and sign-outs, the viewer's key reset (audit). */
  events: EventRecorder;
}) {
  const { db, events, devices, documents, deviceSessions, playlists, messages, limiter, limits } = deps;

  /**
   * MAC + key check under the guessing limits, on whatever `find` reads for the MAC (decision 0010).
   * Unknown MAC and wrong key fail alike; a locked pair is refused before the key is compared, so even
   * the right key waits for the lock to end.
   */
  async function checkCredentials<T extends { device_key: string; is_banned: boolean }>(
    mac: string,
    key: string,
    ip: string,
    find: (mac: string) => Promise<T | undefined>,
  ): Promise<T> {
    // The row is read while the attempt is reserved (on PostgreSQL one round trip of waiting instead of
    // two: the TV app's poll); the key is compared only once the reservation let the attempt through.
    const reading = find(mac);
    reading.catch(() => {}); // a refused attempt never looks at it
    const outcome = await guess(
      limiter,
      [perAddress(limits, 'device', ip), ...deviceKeyAttempts(limits, mac, { ip })],
      async () => {
        const device = await reading;
        return device && sameDeviceKey(device.device_key, key) ? device : null;
      },
    );
    if (!outcome.right) throw new InvalidDeviceCredentialsError();
    if (outcome.value.is_banned) throw new AppError(403, 'device_banned', 'Banned User');
    return outcome.value;
  }

  const registerRule = {
    maxFailures: limits.registrationsPerIp,
    windowMs: limits.registerWindowMs,
    lockMs: limits.registerWindowMs,
  };

  return {
    /**
     * The TV app's first launch. Counted per client address before anything else (a TV behind a home
     * router registers once), so one address cannot register MACs in bulk, squatting them ahead of
     * their TVs (decision 0011); a 409 counts too, or it would be a free MAC probe.
     */
    async register(mac: string, appName: string | undefined, ip: string) {
      await countSubmission(limiter, `register:ip:${ip}`, registerRule);
      const created = await changeAndRecord(
        db,
        events,
        (trx) =>
          createDeviceRepository(trx).insertIfAbsent({
            mac,
            deviceKey: generateDeviceKey(),
            appName: appName || null,
            paymentType: 'free',
            expiresAt: trialExpiry(new Date()),
          }),
        (row) =>
          row
            ? {
                type: 'device.registered',
                actorId: null,
                subject: `device:${row.id}`,
                payload: { device_id: row.id, mac: row.mac, app_name: row.app_name },
              }
            : null,
      );
      // The key of an existing device is never revealed, whoever asks.
      if (!created) throw conflict('This MAC address is already registered');
      return {
        mac: created.mac,
        cle_mac: created.device_key,
        payment_type: created.payment_type,
        expired_date: created.expires_at?.toISOString() ?? null,
      };
    },

    /** The MAC and key checked (the device page's sign-in, a pairing code's request): the device's row. */
    login(mac: string, key: string, ip: string): Promise<DeviceRow> {
      return checkCredentials(mac, key, ip, devices.findByMac);
    },

    /**
     * The TV app's sign-in: its answer (the device and its playlists) as JSON text, read ready-made
     * from device_documents; built and stored when a change made it stale. The ETag names the answer's
     * version, which the database's triggers raise on any change to the device or its playlists, so it
     * changes on every instance at once; `body` is null when the app already has that version.
     */
    async tvAnswerJson(
      mac: string,
      key: string,
      ip: string,
      ifNoneMatch?: string,
    ): Promise<{ etag: string; body: string | null }> {
      // A TV polling again (it has an ETag) is the one whose answer is worth keeping in memory.
      const found = await checkCredentials(
        mac,
        key,
        ip,
        ifNoneMatch === undefined ? documents.findByMac : documents.findByMacPolledAgain,
      );
      const etag = `"${found.id}.${found.version}"`;
      if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, etag)) return { etag, body: null };
      if (found.body !== null) return { etag, body: found.body };
      const device = await devices.findById(found.id);
      // Deleted between the two reads: the credentials no longer name a device.
      if (!device) throw new InvalidDeviceCredentialsError();
      const [list, current] = await Promise.all([
        playlists.listForDevice(device.id, true),
        messages.forDevice(device.id, new Date()),
      ]);
      const body = JSON.stringify(toDeviceView(device, list, current));
      await documents.store(device.id, found.version, body);
      return { etag, body };
    },

    /** Builds every stale answer ahead of the TV apps asking (after a bulk import); answers how many. */
    async refreshStaleDocuments(batchSize = 1000): Promise<number> {
      let afterId = 0;
      let refreshed = 0;
      for (;;) {
        const stale = await documents.staleIds(afterId, batchSize);
        if (stale.length === 0) return refreshed;
        const ids = stale.map((entry) => entry.device_id);
        const rows = new Map((await devices.findByIds(ids)).map((row) => [row.id, row]));
        const lists = await playlists.listForDevices(ids);
        const messagesByDevice = await messages.forDevices(ids, new Date());
        const entries = stale.flatMap(({ device_id: deviceId, version }) => {
          const row = rows.get(deviceId);
          if (!row) return [];
          const view = toDeviceView(row, lists.get(deviceId) ?? [], messagesByDevice.get(deviceId));
          return [{ deviceId, version, body: JSON.stringify(view) }];
        });
        await documents.storeMany(entries);
        refreshed += entries.length;
        afterId = ids[ids.length - 1]!;
      }
    },

    async view(device: DeviceRow): Promise<DeviceView> {
      const [list, current] = await Promise.all([
        playlists.listForDevice(device.id),
        messages.forDevice(device.id, new Date()),
      ]);
      return toDeviceView(device, list, current);
    },

    /** Signs the device page in: a new session, recorded as the device's sign-in (never key nor code). */
    async startSession(device: Pick<DeviceRow, 'id' | 'mac'>, method: ViewerSignIn): Promise<string> {
      const token = newSessionToken();
      await changeAndRecord(
        db,
        events,
        (trx) => createDeviceSessionRepository(trx).insert(hashToken(token), device.id),
        () => ({
          type: 'viewer.signed_in',
          actorId: null,
          subject: `device:${device.id}`,
          payload: { device_id: device.id, mac: device.mac, method },
        }),
      );
      return token;
    },

    /** The device behind a device-session cookie, or null (unknown, idle, or banned since). */
    async authenticate(token: string): Promise<DeviceRow | null> {
      const row = await resumeSession(deviceSessions, token, {
        idleMs: limits.sessionIdleMs,
        at: new Date(),
        refuse: (session) => session.is_banned,
      });
      if (!row) return null;
      const { last_seen_at: _seen, ...device } = row;
      return device;
    },

    /**
     * The viewer's own key reset: a new key, shown once; the TV app's next call with the old key
     * fails, and every other device-page session ends (whoever else signed in with the old key).
     * The session that asked stays signed in.
     */
    async resetKey(device: DeviceRow, currentToken: string): Promise<string> {
      const key = generateDeviceKey();
      const updated = await devices.replaceKey(device.id, key, {
        keepSession: hashToken(currentToken),
        record: (trx, row) => events.record(trx, keyResetEvent(row, null, 'viewer')),
      });
      // Deleted meanwhile: the session names no device any more.
      if (!updated) throw unauthorized('Sign in with the MAC address and device key first');
      return key;
    },

    /** Signs the device page out; an unknown or already ended session is a no-op (nothing to record). */
    async endSession(token: string): Promise<void> {
      await changeAndRecord(
        db,
        events,
        (trx) => createDeviceSessionRepository(trx).deleteReturningDevice(hashToken(token)),
        (device) =>
          device
            ? {
                type: 'viewer.signed_out',
                actorId: null,
                subject: `device:${device.id}`,
                payload: { device_id: device.id, mac: device.mac },
              }
            : null,
      );
    },
  };
}
export type DeviceAccessService = ReturnType<typeof createDeviceAccessService>;
