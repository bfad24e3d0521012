import { type Selectable, sql } from 'kysely';
import type { ClientListQuery, ClientPlan, ClientStatus } from '../../../shared/api/client';
import type { Db } from '../../db';
import { containsInsensitiveFor } from '../../db/like';
import type { ClientRegistrationsTable } from '../../db/schema';

export type ClientRegistrationRow = Selectable<ClientRegistrationsTable>;

/** Takes the database or a transaction. */
export function createClientRepository(db: Db) {
  const containsInsensitive = containsInsensitiveFor(db);
  return {
    /**
     * The device's id, holding its row until the transaction ends (a no-op update is the one row lock
     * both databases understand), so two registrations for one device cannot pass the check together.
     */
    async lockDeviceByMac(mac: string): Promise<number | undefined> {
      const row = await db
        .updateTable('devices')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('mac', '=', mac)
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    async hasPendingForDevice(deviceId: number): Promise<boolean> {
      const row = await db
        .selectFrom('client_registrations')
        .select('id')
        .where('device_id', '=', deviceId)
        .where('status', '=', 'Pending')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    insertPending(registration: {
      name: string;
      email: string;
      phone: string;
      mac: string;
      deviceId: number;
      plan: ClientPlan;
    }): Promise<ClientRegistrationRow> {
      const { deviceId, ...fields } = registration;
      const now = new Date();
      return db
        .insertInto('client_registrations')
        .values({ ...fields, device_id: deviceId, status: 'Pending', created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findById(id: number): Promise<ClientRegistrationRow | undefined> {
      return db.selectFrom('client_registrations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** One page of registrations matching the filters, newest first, and the total for the page count. */
    async page(query: ClientListQuery): Promise<{ rows: ClientRegistrationRow[]; total: number }> {
      let filtered = db.selectFrom('client_registrations');
      if (query.status) filtered = filtered.where('status', '=', query.status);
      if (query.plan) filtered = filtered.where('plan', '=', query.plan);
      if (query.search) {
        const term = query.search;
        // A MAC typed without separators ("001A2B") still finds "00:1A:2B:...".
        const hex = term.replace(/[:-]/g, '');
        const macHex = /^[0-9a-f]{2,12}$/i.test(hex) ? hex : null;
        filtered = filtered.where((eb) =>
          eb.or([
            containsInsensitive(eb.ref('name'), term),
            containsInsensitive(eb.ref('email'), term),
            containsInsensitive(eb.ref('phone'), term),
            containsInsensitive(eb.ref('mac'), term),
            ...(macHex ? [containsInsensitive(sql<string>`replace(${eb.ref('mac')}, ':', '')`, macHex)] : []),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        filtered
          .selectAll()
          .orderBy('id', 'desc')
          .limit(query.limit)
          .offset((query.page - 1) * query.limit)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.count) };
    },

    /**
     * Moves a Pending registration to its decided status in one conditional update, so two admins
     * deciding at once cannot both win. Answers undefined when it is not (or no longer) Pending.
     */
    decide(
      id: number,
      status: Exclude<ClientStatus, 'Pending'>,
      plan: ClientPlan,
    ): Promise<ClientRegistrationRow | undefined> {
      return db
        .updateTable('client_registrations')
        .set({ status, plan, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'Pending')
        .returningAll()
        .executeTakeFirst();
    },

    /** Undoes decide() when the activation that should follow it failed. */
    async reopen(previous: ClientRegistrationRow): Promise<void> {
      await db
        .updateTable('client_registrations')
        .set({ status: 'Pending', plan: previous.plan, updated_at: previous.updated_at })
        .where('id', '=', previous.id)
        .execute();
    },
  };
}
export type ClientRepository = ReturnType<typeof createClientRepository>;
