import type { Db } from '../../db';
import type { DeviceExpiryNoticesTable } from '../../db/schema';
import type { ExpiringPlan } from '../../../shared/plans';

export type NoticeWindow = DeviceExpiryNoticesTable['window'];

/** A device the scanner may announce: what the event's payload needs, and the keyset position. */
export type ExpiringDevice = {
  id: number;
  mac: string;
  owner_id: number | null;
  payment_type: ExpiringPlan;
  expires_at: Date;
};

/** Where a scan of one plan and window has got to: the last device it read, in (expires_at, id) order. */
export type ScanPosition = { expiresAt: Date; id: number };

/** The expiry scanner's SQL (decision 0013). Every function takes the connection or transaction it runs in. */
export function createExpiryRepository(db: Db) {
  return {
    /**
     * Up to `limit` unbanned devices on `plan` whose expiry is in (from, to] and that have no notice
     * for `window` and that expiry yet, in (expires_at, id) order after `after`. A range of
     * devices_plan_expiry_idx: the plan first, so trials expiring the same days are never read.
     */
    findUnnoticed(
      plan: ExpiringPlan,
      window: NoticeWindow,
      range: { from: Date; to: Date },
      after: ScanPosition | null,
      limit: number,
    ): Promise<ExpiringDevice[]> {
      let query = db
        .selectFrom('devices')
        .select(['id', 'mac', 'owner_id', 'expires_at'])
        .where('payment_type', '=', plan)
        .where('expires_at', '>', range.from)
        .where('expires_at', '<=', range.to)
        .where('is_banned', '=', false)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('device_expiry_notices as n')
                .select('n.device_id')
                .whereRef('n.expires_at', '=', 'devices.expires_at')
                .whereRef('n.device_id', '=', 'devices.id')
                .where('n.window', '=', window),
            ),
          ),
        );
      if (after) {
        query = query.where((eb) =>
          eb(eb.refTuple('expires_at', 'id'), '>', eb.tuple(after.expiresAt, after.id)),
        );
      }
      return query
        .orderBy('expires_at')
        .orderBy('id')
        .limit(limit)
        .execute()
        .then((rows) =>
          rows.map((row) => ({ ...row, payment_type: plan, expires_at: row.expires_at as Date })),
        );
    },

    /**
     * Writes the notices and answers the ids of the devices whose notice is new. A notice another
     * scanner wrote (committed, or still in its transaction: PostgreSQL makes this insert wait for it)
     * is skipped, so only one of them records the event.
     */
    async insertNotices(
      devices: readonly ExpiringDevice[],
      window: NoticeWindow,
      now: Date,
    ): Promise<Set<number>> {
      if (devices.length === 0) return new Set();
      const rows = await db
        .insertInto('device_expiry_notices')
        .values(
          devices.map((device) => ({
            expires_at: device.expires_at,
            device_id: device.id,
            window,
            created_at: now,
          })),
        )
        .onConflict((conflict) => conflict.columns(['expires_at', 'device_id', 'window']).doNothing())
        .returning('device_id')
        .execute();
      return new Set(rows.map((row) => row.device_id));
    },

    /** Forgets notices for expiries before `before`: the scan never looks that far back again. */
    async purgeBefore(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('device_expiry_notices')
        .where('expires_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type ExpiryRepository = ReturnType<typeof createExpiryRepository>;
