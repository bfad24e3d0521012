import { sql } from 'kysely';
import { type Db, isSqlite } from '../../db';
import type { EventPayloads } from '../events/domain-events';
import type { EventRecorder } from '../events/outbox';
import {
  createExpiryDigestRepository,
  type DigestDevice,
  type DigestList,
  type DigestRange,
} from './expiry-digest-repository';
import { EXPIRED_LOOKBACK_MS } from './expiry-scanner';
import { EXPIRING_SOON_MS } from '../../../shared/plans';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The e-mail lists this many devices per list; the counts say how many there are in all. */
export const DIGEST_LISTED = 50;

/** Items are written in chunks: SQLite caps the values of one statement. */
const CHUNK = 500;

/** Any constant both instances agree on: the key of the PostgreSQL advisory lock of the daily run. */
const DIGEST_LOCK_KEY = 0x5eb0_d1e5;

export type DigestRun = { day: string; digests: number } | null;

/**
 * The daily expiry digest (docs/architecture.md §6.16): each reseller or admin who wants it gets one
 * e-mail (and a bell entry) listing their devices expiring in the next 7 days and those that expired
 * since the last digest. The outbox sends it (expiry_digest.ready), so SMTP never holds the job.
 *
 * Exactly once, however many instances run the timer: the first to claim the UTC day runs it (an
 * advisory lock on PostgreSQL makes the others return at once instead of queueing behind its claim;
 * the claim's primary key is the guarantee, on SQLite too). A device is listed once per list and expiry
 * date, even if a run stopped half-way and the next day's picks up what it had not reached.
 */
export function createExpiryDigest(deps: {
  db: Db;
  events: EventRecorder;
  /** EXPIRY_DIGEST_HOUR: before this UTC hour, the day's digest waits (a morning e-mail, not midnight's). */
  fromHour?: number;
}) {
  const { db, events, fromHour = 0 } = deps;
  const repository = createExpiryDigestRepository(db);

  async function claim(day: string, now: Date): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (!isSqlite(trx)) {
        const { rows } = await sql<{ locked: boolean }>`
          select pg_try_advisory_xact_lock(${DIGEST_LOCK_KEY}) as locked`.execute(trx);
        if (!rows[0]?.locked) return false;
      }
      return createExpiryDigestRepository(trx).claimDay(day, now);
    });
  }

  /** Lists the devices and records the digest in one transaction: the event exists when the items do. */
  async function digestFor(
    userId: number,
    day: string,
    lists: Record<DigestList, DigestRange>,
    now: Date,
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const digest = createExpiryDigestRepository(trx);
      const fresh: Record<DigestList, DigestDevice[]> = { expiring: [], expired: [] };
      for (const list of ['expiring', 'expired'] as const) {
        const devices = await digest.devicesOf(userId, list, lists[list]);
        for (let i = 0; i < devices.length; i += CHUNK) {
          const chunk = devices.slice(i, i + CHUNK);
          const listed = await digest.markListed(userId, list, chunk, now);
          fresh[list].push(...chunk.filter((device) => listed.has(device.id)));
        }
      }
      if (fresh.expiring.length + fresh.expired.length === 0) return false;
      const entries = (devices: DigestDevice[]) =>
        devices.slice(0, DIGEST_LISTED).map((device) => ({
          device_id: device.id,
          mac: device.mac,
          name: device.name,
          expires_at: device.expires_at.toISOString(),
        }));
      const payload: EventPayloads['expiry_digest.ready'] = {
        user_id: userId,
        day,
        expiring_count: fresh.expiring.length,
        expired_count: fresh.expired.length,
        expiring: entries(fresh.expiring),
        expired: entries(fresh.expired),
      };
      await events.record(trx, {
        type: 'expiry_digest.ready',
        actorId: null,
        subject: `user:${userId}`,
        payload,
      });
      return true;
    });
  }

  return {
    /** Runs today's digest unless an instance already did; answers what it did (null: nothing to run). */
    async run(now = new Date()): Promise<DigestRun> {
      if (now.getUTCHours() < fromHour) return null;
      const day = now.toISOString().slice(0, 10);
      if (!(await claim(day, now))) return null;
      const lists: Record<DigestList, DigestRange> = {
        expiring: { from: now, to: new Date(now.getTime() + EXPIRING_SOON_MS) },
        // Normally yesterday's expiries; after a missed day, the week's that no digest listed yet.
        expired: { from: new Date(now.getTime() - EXPIRED_LOOKBACK_MS), to: now },
      };
      let digests = 0;
      for (const userId of await repository.recipients(lists)) {
        if (await digestFor(userId, day, lists, now)) digests += 1;
      }
      await repository.purgeBefore(new Date(now.getTime() - EXPIRED_LOOKBACK_MS - DAY_MS));
      return { day, digests };
    },
  };
}
export type ExpiryDigest = ReturnType<typeof createExpiryDigest>;
