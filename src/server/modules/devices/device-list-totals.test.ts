import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import {
  call,
  createTestApp,
  deviceIdOf,
  insertDevices,
  insertReseller,
  insertUser,
  signIn,
  type TestApp,
  testDatabaseKind,
} from '../../test/test-app';
import {
  createDeviceManagementRepository,
  type DeviceFilter,
  ListTotals,
} from './device-management-repository';

/**
 * A reseller list's totals are kept with the list's version (migration 0021) and counted again only
 * when a write raised it: these tests write with plain SQL, as any tool could, and expect the totals
 * to follow.
 */
let t: TestApp;
let owner: UserRow;
let rival: UserRow;
beforeAll(async () => {
  t = await createTestApp();
  owner = await insertReseller(t.database, { credits: 10 });
  rival = await insertReseller(t.database, { credits: 10 });
});
afterAll(() => t.close());

const versionOf = async (ownerId: number) =>
  (
    await t.database.db
      .selectFrom('device_list_versions')
      .select('version')
      .where('owner_id', '=', ownerId)
      .executeTakeFirst()
  )?.version ?? 0;

describe(`device list versions (${testDatabaseKind})`, () => {
  it('rise when an owned device is added, changes a filtered column, moves or goes; not otherwise', async () => {
    const db = t.database.db;
    const start = await versionOf(owner.id);
    const [mac] = await insertDevices(t.database, 1, { ownerId: owner.id });
    const id = await deviceIdOf(t.database, mac!);
    expect(await versionOf(owner.id)).toBe(start + 1);

    // The TV path's writes and the list's other columns leave the totals alone.
    await db
      .updateTable('devices')
      .set({ device_key: 'ZZZZZZZZZZ', updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await db.updateTable('devices').set({ is_banned: true }).where('id', '=', id).execute();
    // Nor does a filtered column written with the value it has (a renewal sets the same plan again).
    await db
      .updateTable('devices')
      .set({ owner_id: owner.id, payment_type: 'free', is_paid: false })
      .where('id', '=', id)
      .execute();
    expect(await versionOf(owner.id)).toBe(start + 1);

    await db.updateTable('devices').set({ name: 'Kitchen' }).where('id', '=', id).execute();
    await db
      .updateTable('devices')
      .set({ payment_type: 'year', is_paid: true })
      .where('id', '=', id)
      .execute();
    expect(await versionOf(owner.id)).toBe(start + 3);

    const rivalStart = await versionOf(rival.id);
    await db.updateTable('devices').set({ owner_id: rival.id }).where('id', '=', id).execute();
    expect(await versionOf(owner.id)).toBe(start + 4);
    expect(await versionOf(rival.id)).toBe(rivalStart + 1);

    await db.deleteFrom('devices').where('id', '=', id).execute();
    expect(await versionOf(rival.id)).toBe(rivalStart + 2);
    expect(await versionOf(owner.id)).toBe(start + 4);
  });

  // PostgreSQL raises it at the commit: a write early in a transaction (activation's device update)
  // must not hold the owner's version row, or the reseller's other writes would queue behind it.
  it.runIf(testDatabaseKind === 'postgres')(
    "are raised at the commit, so an open transaction does not hold up the owner's other writes",
    async () => {
      const db = t.database.db;
      const [first, second] = await insertDevices(t.database, 2, { ownerId: owner.id });
      const start = await versionOf(owner.id);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('devices').set({ name: 'Early' }).where('mac', '=', first!).execute();
        // Another connection, while the transaction is open: it fails after 2 s if it waits for the row.
        await db.transaction().execute(async (other) => {
          await sql`SET LOCAL lock_timeout = 2000`.execute(other);
          await other.updateTable('devices').set({ name: 'Meanwhile' }).where('mac', '=', second!).execute();
        });
        expect(await versionOf(owner.id)).toBe(start + 1);
      });
      expect(await versionOf(owner.id)).toBe(start + 2);
    },
  );

  it('stay out of unowned devices', async () => {
    const before = await t.database.db.selectFrom('device_list_versions').selectAll().execute();
    const [mac] = await insertDevices(t.database, 1);
    await t.database.db.deleteFrom('devices').where('mac', '=', mac!).execute();
    expect(await t.database.db.selectFrom('device_list_versions').selectAll().execute()).toEqual(before);
  });
});

describe(`kept list totals (${testDatabaseKind})`, () => {
  it('are used while the version holds and counted again once a write raises it', async () => {
    const reseller = await insertReseller(t.database, { credits: 0 });
    await insertDevices(t.database, 30, { ownerId: reseller.id, name: 'Lobby' });
    const totals = new ListTotals();
    const repository = createDeviceManagementRepository(t.database.db, totals);
    const filter: DeviceFilter = { ownerId: reseller.id, search: 'lobby' };
    const key = ListTotals.keyOf(filter)!;

    expect((await repository.page(filter, 1, 10)).total).toBe(30);
    const version = await versionOf(reseller.id);
    expect(totals.get(key, version)).toBe(30);

    // A kept total at the current version is what the page answers: no count ran.
    totals.set(key, version, 999);
    expect((await repository.page(filter, 2, 10)).total).toBe(999);
    // An empty page past the last reads the version alone.
    expect(await repository.page(filter, 9, 10)).toEqual({ rows: [], total: 999 });

    // Any write to the owner's devices, here plain SQL, makes the page count again.
    await t.database.db
      .updateTable('devices')
      .set({ name: 'Bar' })
      .where('owner_id', '=', reseller.id)
      .where('id', 'in', (eb) =>
        eb.selectFrom('devices').select('id').where('owner_id', '=', reseller.id).orderBy('id').limit(5),
      )
      .execute();
    expect((await repository.page(filter, 9, 10)).total).toBe(25);
    await insertDevices(t.database, 3, { ownerId: reseller.id, name: 'Lobby 2' });
    expect((await repository.page(filter, 1, 10)).total).toBe(28);

    // Another reseller's empty page past the last reads that reseller's version (its statement is
    // compiled once, decision 0057), so its own kept total answers.
    const other = await insertReseller(t.database, { credits: 0 });
    await insertDevices(t.database, 3, { ownerId: other.id, name: 'Lobby' });
    const otherFilter: DeviceFilter = { ownerId: other.id, search: 'lobby' };
    expect(await versionOf(other.id)).not.toBe(await versionOf(reseller.id));
    totals.set(ListTotals.keyOf(otherFilter)!, await versionOf(other.id), 777);
    expect(await repository.page(otherFilter, 9, 10)).toEqual({ rows: [], total: 777 });
  });

  it('are kept from a last page too, so the pages past it neither count nor read', async () => {
    const reseller = await insertReseller(t.database, { credits: 0 });
    await insertDevices(t.database, 7, { ownerId: reseller.id, name: 'Attic' });
    const totals = new ListTotals();
    const repository = createDeviceManagementRepository(t.database.db, totals);
    const filter: DeviceFilter = { ownerId: reseller.id, search: 'attic' };
    const key = ListTotals.keyOf(filter)!;

    // Page 1 is not full: it is the last, and its total is kept at the version its statement read.
    expect((await repository.page(filter, 1, 10)).total).toBe(7);
    expect(totals.get(key, await versionOf(reseller.id))).toBe(7);
    // A last page past the first keeps its total the same way.
    const shorter: DeviceFilter = { ...filter, search: 'atti' };
    expect((await repository.page(shorter, 2, 5)).total).toBe(7);
    expect(totals.get(ListTotals.keyOf(shorter)!, await versionOf(reseller.id))).toBe(7);

    // The page past the last answers the kept total (a count would give 7).
    totals.set(key, await versionOf(reseller.id), 555);
    expect(await repository.page(filter, 2, 10)).toEqual({ rows: [], total: 555 });

    // A page the kept total puts past the last is not read at all while that total is current: with
    // a total of 3 kept, page 2 of 3 answers empty (its statement would have found devices 4 to 6).
    totals.set(key, await versionOf(reseller.id), 3);
    expect(await repository.page(filter, 2, 3)).toEqual({ rows: [], total: 3 });

    // A write raises the version: the kept total is not used, the page is read and counted again.
    await insertDevices(t.database, 1, { ownerId: reseller.id, name: 'Attic 2' });
    const reread = await repository.page(filter, 2, 3);
    expect([reread.rows.length, reread.total]).toEqual([3, 8]);
    expect(await repository.page(filter, 2, 10)).toEqual({ rows: [], total: 8 });
  });

  it('never reach another filter, another reseller, or a list that moves with the clock', () => {
    const keys = [
      ListTotals.keyOf({ ownerId: 1, search: 'a' }),
      ListTotals.keyOf({ ownerId: 1, search: 'A' }),
      ListTotals.keyOf({ ownerId: 2, search: 'a' }),
      ListTotals.keyOf({ ownerId: 1, search: 'a', status: 'year' }),
      ListTotals.keyOf({ ownerId: 1, search: 'a', payment: 'paid' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(ListTotals.keyOf({ ownerId: 1, search: '' })).toBe(ListTotals.keyOf({ ownerId: 1 }));
    expect(ListTotals.keyOf({ search: 'a' })).toBeUndefined();
    expect(ListTotals.keyOf({ ownerId: 1, expiring: '7d' })).toBeUndefined();
  });

  it('keep at most their capacity, the oldest going first', () => {
    const totals = new ListTotals(2);
    totals.set('a', 1, 10);
    totals.set('b', 1, 20);
    totals.set('c', 1, 30);
    expect([totals.get('a', 1), totals.get('b', 1), totals.get('c', 1)]).toEqual([undefined, 20, 30]);
    expect(totals.get('b', 2)).toBeUndefined();
  });

  it("show through the panel: the total follows an activation and an admin's removal", async () => {
    const reseller = await insertReseller(t.database, { credits: 5 });
    const cookie = await signIn(t.app, reseller.email);
    await insertDevices(t.database, 30, { ownerId: reseller.id });
    const [fresh] = await insertDevices(t.database, 1);
    const total = async () =>
      (
        await call(t.app, {
          method: 'GET',
          url: `/api/v1/device/reseller/${reseller.id}?per_page=10`,
          cookie,
        })
      ).json().pagination.total;
    expect(await total()).toBe(30);
    expect(await total()).toBe(30);

    const activated = await call(t.app, {
      method: 'POST',
      url: '/api/v1/device/updatepayment',
      payload: { user_id: reseller.id, plan: 'year', mac: await deviceIdOf(t.database, fresh!) },
      cookie,
    });
    expect(activated.statusCode).toBe(200);
    expect(await total()).toBe(31);

    const { data } = (
      await call(t.app, { method: 'GET', url: `/api/v1/device/reseller/${reseller.id}?per_page=10`, cookie })
    ).json();
    const admin = await insertUser(t.database, { role: 'admin' });
    const adminCookie = await signIn(t.app, admin.email);
    const removed = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/device/${data[0].id}`,
      cookie: adminCookie,
    });
    expect(removed.statusCode).toBe(200);
    expect(await total()).toBe(30);
  });
});

/**
 * The list's statements are compiled once per shape of filter and then given each page's values
 * (compiledPerShape): filters of one shape, one after the other on the same repository, must each
 * find their own devices. The expected rows are worked out here from the inserted fields, not by
 * the statements under test.
 */
let shapesOwner: UserRow;
type Inserted = {
  mac: string;
  name: string | null;
  phone: string | null;
  appName: string;
  paymentType: 'free' | 'year' | 'lifetime';
  isPaid: boolean;
  expiresAt: Date;
};
const inserted: Inserted[] = [];
const DAY = 86_400_000;

beforeAll(async () => {
  shapesOwner = await insertReseller(t.database, { credits: 0 });
  const now = Date.now();
  const kinds: Omit<Inserted, 'mac'>[] = [
    {
      name: 'Alpha Hotel',
      phone: '0611',
      appName: 'Test TV',
      paymentType: 'year',
      isPaid: true,
      expiresAt: new Date(now + 3 * DAY),
    },
    {
      name: 'Bravo Bar',
      phone: '0622',
      appName: 'Test TV',
      paymentType: 'year',
      isPaid: true,
      expiresAt: new Date(now + 200 * DAY),
    },
    {
      name: 'Élodie',
      phone: null,
      appName: 'Salon',
      paymentType: 'lifetime',
      isPaid: true,
      expiresAt: new Date(now + 9_000 * DAY),
    },
    {
      name: 'Zoé',
      phone: '0633',
      appName: 'Chambre',
      paymentType: 'free',
      isPaid: false,
      expiresAt: new Date(now + 5 * DAY),
    },
    {
      name: null,
      phone: '0644',
      appName: 'Kitchen',
      paymentType: 'free',
      isPaid: false,
      expiresAt: new Date(now + 2 * DAY),
    },
  ];
  for (const kind of kinds) {
    const [mac] = await insertDevices(t.database, 1, { ownerId: shapesOwner.id, ...kind });
    inserted.push({ mac: mac!, ...kind });
  }
});
function expected(filter: DeviceFilter): string[] {
  const contains = (text: string | null, term: string) =>
    (text ?? '').toLowerCase().includes(term.toLowerCase());
  return inserted
    .filter((device) => !filter.status || device.paymentType === filter.status)
    .filter((device) => filter.payment !== 'paid' || device.isPaid)
    .filter((device) => filter.payment !== 'unpaid' || !device.isPaid)
    .filter((device) => filter.payment !== 'free' || device.paymentType === 'free')
    .filter(
      (device) =>
        !filter.search ||
        [device.name, device.phone, device.appName].some((text) => contains(text, filter.search!)) ||
        (/^[0-9a-f:\-.\s]+$/i.test(filter.search) &&
          device.mac.replace(/:/g, '').includes(filter.search.replace(/[^0-9a-f]/gi, '').toUpperCase())),
    )
    .filter(
      (device) =>
        filter.expiring !== '7d' ||
        (device.paymentType === 'year' && device.expiresAt.getTime() <= Date.now() + 7 * DAY),
    )
    .map((device) => device.mac)
    .reverse();
}

describe(`device list statements compiled per shape (${testDatabaseKind})`, () => {
  it('give each filter of a shape its own devices, page after page', async () => {
    const repository = createDeviceManagementRepository(t.database.db, new ListTotals());
    const macDigits = (index: number) => inserted[index]!.mac.slice(-5);
    const filters: Omit<DeviceFilter, 'ownerId'>[] = [
      {},
      { status: 'year' },
      { status: 'lifetime' },
      { status: 'free', payment: 'free' },
      { payment: 'paid' },
      { payment: 'unpaid' },
      { search: 'alpha' },
      { search: 'BRAVO' },
      { search: 'élodie' },
      { search: 'ZOÉ' },
      { search: '0644' },
      { search: macDigits(0) },
      { search: macDigits(3) },
      { search: 'kitchen', status: 'free' },
      { search: 'hotel', status: 'free' },
      { expiring: '7d' },
      { expiring: '7d', search: 'bravo' },
    ];
    // Twice, so every shape's second use meets other values than its first.
    for (const round of [filters, [...filters].reverse()]) {
      for (const filter of round) {
        const whole = { ...filter, ownerId: shapesOwner.id };
        const { rows, total } = await repository.page(whole, 1, 50);
        expect({ filter, macs: rows.map((row) => row.mac) }).toEqual({ filter, macs: expected(whole) });
        expect(total).toBe(rows.length);
      }
    }
  });

  it('counts and pages further with the same statements', async () => {
    const repository = createDeviceManagementRepository(t.database.db, new ListTotals());
    for (const status of ['year', 'free', 'year'] as const) {
      const filter = { ownerId: shapesOwner.id, status };
      const all = expected(filter);
      const first = await repository.page(filter, 1, 1);
      const second = await repository.page(filter, 2, 1);
      expect([first.rows[0]?.mac, second.rows[0]?.mac]).toEqual(all.slice(0, 2));
      expect([first.total, second.total]).toEqual([all.length, all.length]);
      expect((await repository.after(filter, undefined, 1)).map((row) => row.mac)).toEqual(all.slice(0, 1));
      const older = await repository.after(filter, first.rows[0]!.id, 10);
      expect(older.map((row) => row.mac)).toEqual(all.slice(1));
    }
  });
});
