import type { DashboardCounts } from '../../../shared/api/panel-device';
import type { Compilable, Expression, SqlBool } from 'kysely';
import { type Db, executeReadOnly } from '../../db';
import { EXPIRING_PLANS, EXPIRING_SOON_MS } from '../../../shared/plans';

/** The one row a count's query answers. */
async function single<Row>(db: Db, query: Compilable<Row>): Promise<Row> {
  const [row] = await executeReadOnly(db, query);
  if (!row) throw new Error('a count answered no row');
  return row;
}

/** The eight counts of the dashboard, for everything (ownerId undefined) or one reseller's scope. */
export function createDashboardRepository(db: Db) {
  return {
    async counts(scope: { ownerId?: number; userId: number }, now: Date): Promise<DashboardCounts> {
      const owned = scope.ownerId;
      // Off the main thread on SQLite (executeReadOnly): with a million devices the first count is a
      // few hundred milliseconds of scanning, during which the main thread answered nobody.
      // One pass over the devices gives six of the eight counts.
      const devicesQuery = db
        .selectFrom('devices')
        .$if(owned !== undefined, (qb) => qb.where('owner_id', '=', owned as number))
        .select((eb) => {
          // How many rows meet the condition, in the same pass.
          const countIf = (condition: Expression<SqlBool>) =>
            eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end());
          return [
            eb.fn.countAll<number>().as('total'),
            countIf(eb('is_banned', '=', true)).as('blocked'),
            countIf(
              eb.and([
                eb('is_banned', '=', false),
                eb.or([eb('payment_type', '=', 'lifetime'), eb('expires_at', '>', now)]),
              ]),
            ).as('active'),
            countIf(eb.and([eb('payment_type', '!=', 'lifetime'), eb('expires_at', '<=', now)])).as(
              'expired',
            ),
            countIf(
              eb.and([
                eb('is_banned', '=', false),
                eb('payment_type', 'in', EXPIRING_PLANS),
                eb('expires_at', '>', now),
                eb('expires_at', '<=', new Date(now.getTime() + EXPIRING_SOON_MS)),
              ]),
            ).as('expiringSoon'),
          ];
        });

      const clientsQuery = db
        .selectFrom('client_registrations as c')
        .$if(owned !== undefined, (qb) =>
          qb.innerJoin('devices as d', 'd.id', 'c.device_id').where('d.owner_id', '=', owned as number),
        )
        .select((eb) => eb.fn.countAll<number>().as('count'));

      const notificationsQuery = db
        .selectFrom('notifications')
        .where('user_id', '=', scope.userId)
        .where('is_read', '=', false)
        .select((eb) => eb.fn.countAll<number>().as('count'));

      const transactionsQuery = db
        .selectFrom('credit_transactions')
        .$if(owned !== undefined, (qb) =>
          qb.where((eb) =>
            eb.or([eb('sender_id', '=', owned as number), eb('receiver_id', '=', owned as number)]),
          ),
        )
        .select((eb) => eb.fn.countAll<number>().as('count'));

      const [devices, clients, notifications, transactions] = await Promise.all([
        single(db, devicesQuery),
        single(db, clientsQuery),
        single(db, notificationsQuery),
        single(db, transactionsQuery),
      ]);
      return {
        devicesCount: Number(devices.total),
        blockedDevicesCount: Number(devices.blocked ?? 0),
        activeDevicesCount: Number(devices.active ?? 0),
        expiredDevicesCount: Number(devices.expired ?? 0),
        expiringSoonCount: Number(devices.expiringSoon ?? 0),
        clientsCount: Number(clients.count),
        notificationsCount: Number(notifications.count),
        transactionsCount: Number(transactions.count),
      };
    },
  };
}
