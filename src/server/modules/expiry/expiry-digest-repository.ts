import type { Db } from '../../db';
import type { ExpiryDigestItemsTable } from '../../db/schema';
import { EXPIRING_PLANS } from '../../../shared/plans';

export type DigestList = ExpiryDigestItemsTable['list'];

/** A device a digest may list: what the e-mail says of it. */
export type DigestDevice = { id: number; mac: string; name: string | null; expires_at: Date };

/** The time range a list covers, as (from, to]. */
export type DigestRange = { from: Date; to: Date };

/** The expiry digest's SQL (docs/architecture.md §6.16). Each function runs on the connection it is given. */
export function createExpiryDigestRepository(db: Db) {
  /**
   * Unbanned devices on an expiring plan, owned by a reseller or admin who is not banned and wants the
   * digest, whose expiry is in the range and that no digest has listed in `list` for that expiry.
   */
  function unlisted(list: DigestList, range: DigestRange) {
    return db
      .selectFrom('devices as d')
      .innerJoin('users as u', 'u.id', 'd.owner_id')
      .where('d.payment_type', 'in', EXPIRING_PLANS)
      .where('d.expires_at', '>', range.from)
      .where('d.expires_at', '<=', range.to)
      .where('d.is_banned', '=', false)
      .where('u.is_banned', '=', false)
      .where('u.has_expiry_digest', '=', true)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('expiry_digest_items as i')
              .select('i.device_id')
              .whereRef('i.device_id', '=', 'd.id')
              .whereRef('i.expires_at', '=', 'd.expires_at')
              .where('i.list', '=', list),
          ),
        ),
      );
  }

  return {
    /**
     * Claims `day` for this instance: true when no instance ran it before. The primary key decides, so
     * two instances (or a restart) never both send a day's digests.
     */
    async claimDay(day: string, now: Date): Promise<boolean> {
      const rows = await db
        .insertInto('expiry_digest_runs')
        .values({ day, started_at: now })
        .onConflict((conflict) => conflict.column('day').doNothing())
        .returning('day')
        .execute();
      return rows.length > 0;
    },

    /** The accounts that have something to be told in one of the lists, in id order. */
    async recipients(lists: Record<DigestList, DigestRange>): Promise<number[]> {
      const owners = new Set<number>();
      for (const list of ['expiring', 'expired'] as const) {
        const rows = await unlisted(list, lists[list]).select('u.id').distinct().execute();
        for (const row of rows) owners.add(row.id);
      }
      return [...owners].sort((a, b) => a - b);
    },

    /** One account's devices not yet listed in `list`, soonest expiry first. */
    devicesOf(userId: number, list: DigestList, range: DigestRange): Promise<DigestDevice[]> {
      return unlisted(list, range)
        .where('d.owner_id', '=', userId)
        .select(['d.id', 'd.mac', 'd.name', 'd.expires_at'])
        .orderBy('d.expires_at')
        .orderBy('d.id')
        .execute()
        .then((rows) => rows.map((row) => ({ ...row, expires_at: row.expires_at as Date })));
    },

    /**
     * Marks the devices as listed and answers the ids that were not yet: a concurrent digest that got
     * there first keeps them (PostgreSQL makes this insert wait for its commit).
     */
    async markListed(
      userId: number,
      list: DigestList,
      devices: readonly DigestDevice[],
      now: Date,
    ): Promise<Set<number>> {
      if (devices.length === 0) return new Set();
      const rows = await db
        .insertInto('expiry_digest_items')
        .values(
          devices.map((device) => ({
            device_id: device.id,
            list,
            expires_at: device.expires_at,
            user_id: userId,
            created_at: now,
          })),
        )
        .onConflict((conflict) => conflict.columns(['device_id', 'list', 'expires_at']).doNothing())
        .returning('device_id')
        .execute();
      return new Set(rows.map((row) => row.device_id));
    },

    /** Forgets items and runs older than `before`: no list reaches back that far again. */
    async purgeBefore(before: Date): Promise<void> {
      await db.deleteFrom('expiry_digest_items').where('expires_at', '<', before).execute();
      await db
        .deleteFrom('expiry_digest_runs')
        .where('day', '<', before.toISOString().slice(0, 10))
        .execute();
    },
  };
}
