import type { Db } from '../../db';
import { EXPIRING_PLANS } from '../../../shared/plans';
import type { EventRecorder } from '../events/outbox';
import { createExpiryRepository, type ExpiringDevice, type NoticeWindow } from './expiry-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How far back an expiry is still announced as `device.expired`: a server that was down (or a
 * first deployment) catches up on the last week, not on every subscription that ever ran out.
 */
export const EXPIRED_LOOKBACK_MS = 7 * DAY_MS;

/** Each notice and the expiries it covers, relative to the scan's `now` (decision 0013). */
const WINDOWS: readonly { window: NoticeWindow; from: number; to: number }[] = [
  { window: '7d', from: DAY_MS, to: 7 * DAY_MS },
  { window: '1d', from: 0, to: DAY_MS },
  { window: 'expired', from: -EXPIRED_LOOKBACK_MS, to: 0 },
];

export type ScanCounts = Record<NoticeWindow, number>;

/**
 * Announces subscriptions running out: `device.expiring` 7 days and 1 day before, `device.expired`
 * after. Each batch writes its notices and records the events of the new ones in one transaction, so
 * an event exists exactly when its notice does, and a notice exists once per device, window and
 * expiry date, whichever instance scans, however often.
 */
export function createExpiryScanner(deps: { db: Db; events: EventRecorder; batchSize?: number }) {
  const { db, events, batchSize = 100 } = deps;
  const repository = createExpiryRepository(db);

  /** Records the events of the batch's devices whose notice this transaction wrote; answers how many. */
  async function announce(devices: ExpiringDevice[], window: NoticeWindow, now: Date): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const fresh = await createExpiryRepository(trx).insertNotices(devices, window, now);
      for (const device of devices) {
        if (!fresh.has(device.id)) continue;
        const payload = {
          device_id: device.id,
          mac: device.mac,
          owner_id: device.owner_id,
          plan: device.payment_type,
          expires_at: device.expires_at.toISOString(),
        };
        const subject = `device:${device.id}`;
        await events.record(
          trx,
          window === 'expired'
            ? { type: 'device.expired', actorId: null, subject, payload }
            : { type: 'device.expiring', actorId: null, subject, payload: { ...payload, window } },
        );
      }
      return fresh.size;
    });
  }

  return {
    /** One pass over every window, in batches; answers how many events each window recorded. */
    async scan(now = new Date()): Promise<ScanCounts> {
      const counts: ScanCounts = { '7d': 0, '1d': 0, expired: 0 };
      for (const { window, from, to } of WINDOWS) {
        const range = { from: new Date(now.getTime() + from), to: new Date(now.getTime() + to) };
        for (const plan of EXPIRING_PLANS) {
          let after = null;
          for (;;) {
            const devices = await repository.findUnnoticed(plan, window, range, after, batchSize);
            if (devices.length > 0) counts[window] += await announce(devices, window, now);
            if (devices.length < batchSize) break;
            const last = devices[devices.length - 1]!;
            after = { expiresAt: last.expires_at, id: last.id };
          }
        }
      }
      // Older notices can never match again: the expired window no longer reaches their dates.
      await repository.purgeBefore(new Date(now.getTime() - EXPIRED_LOOKBACK_MS - DAY_MS));
      return counts;
    },
  };
}
export type ExpiryScanner = ReturnType<typeof createExpiryScanner>;

/**
 * Runs the scan every `intervalMs` inside the server, beside the outbox worker (started and stopped
 * with it in app.ts). Several instances may all run it: the notices' key keeps the events single.
 */
export function createExpiryScheduler(
  scanner: { scan(): Promise<unknown> },
  options: { intervalMs: number; onError: (error: unknown) => void },
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  function tick(): void {
    // A scan slower than the interval is not run twice at once.
    if (running) return;
    running = scanner
      .scan()
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
  }

  return {
    start(): void {
      if (timer || options.intervalMs <= 0) return;
      timer = setInterval(tick, options.intervalMs);
      timer.unref();
      tick();
    },
    /** Stops the timer and waits for the scan in progress, so the database can close after it. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
