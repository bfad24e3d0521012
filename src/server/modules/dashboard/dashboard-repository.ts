import type { DashboardCounts } from '../../../shared/api/panel-device';
import type { Db } from '../../db';

/** The seven counts of the dashboard, for everything (ownerId undefined) or one reseller's scope. */
export function createDashboardRepository(db: Db) {
  return {
    async counts(scope: { ownerId?: number; userId: number }, now: Date): Promise<DashboardCounts> {
      const owned = scope.ownerId;
      // One pass over the devices gives five of the seven counts.
      const devices = await db
        .selectFrom('devices')
        .$if(owned !== undefined, (qb) => qb.where('owner_id', '=', owned as number))
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.sum<number>(eb.case().when('is_banned', '=', true).then(1).else(0).end()).as('blocked'),
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(
                  eb.and([
                    eb('is_banned', '=', false),
                    eb.or([eb('payment_type', '=', 'lifetime'), eb('expires_at', '>', now)]),
                  ]),
                )
                .then(1)
                .else(0)
                .end(),
            )
            .as('active'),
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(eb.and([eb('payment_type', '!=', 'lifetime'), eb('expires_at', '<=', now)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('expired'),
        ])
        .executeTakeFirstOrThrow();

      const clients = await db
        .selectFrom('client_registrations as c')
        .$if(owned !== undefined, (qb) =>
          qb.innerJoin('devices as d', 'd.id', 'c.device_id').where('d.owner_id', '=', owned as number),
        )
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();

      const notifications = await db
        .selectFrom('notifications')
        .where('user_id', '=', scope.userId)
        .where('is_read', '=', false)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();

      const transactions = await db
        .selectFrom('credit_transactions')
        .$if(owned !== undefined, (qb) =>
          qb.where((eb) =>
            eb.or([eb('sender_id', '=', owned as number), eb('receiver_id', '=', owned as number)]),
          ),
        )
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();

      return {
        devicesCount: Number(devices.total),
        blockedDevicesCount: Number(devices.blocked ?? 0),
        activeDevicesCount: Number(devices.active ?? 0),
        expiredDevicesCount: Number(devices.expired ?? 0),
        clientsCount: Number(clients.count),
        notificationsCount: Number(notifications.count),
        transactionsCount: Number(transactions.count),
      };
    },
  };
}
