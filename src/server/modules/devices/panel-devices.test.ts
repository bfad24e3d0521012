import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import {
  call,
  createTestApp,
  insertUser,
  registerDevice,
  signIn,
  type TestApp,
  insertReseller,
} from '../../test/test-app';

let t: TestApp;
let admin: UserRow;
let owner: UserRow;
let rival: UserRow;
let sub: UserRow;
const cookies: Record<string, string> = {};
let ownedId: number;
let ownedMac: string;
let ownedKey: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t.database, { role: 'admin' });
  owner = await insertReseller(t.database, { credits: 10 });
  rival = await insertReseller(t.database, { credits: 10 });
  sub = await insertUser(t.database, { role: 'sub_reseller', credits: 10, parentId: owner.id });
  for (const [name, user] of Object.entries({ admin, owner, rival, sub }))
    cookies[name] = await signIn(t.app, user.email);
  const device = await registerDevice(t.app, 'AA:BB:CC:DD:EE:01');
  ownedMac = device.mac;
  ownedKey = device.key;
  ownedId = (
    await t.database.db
      .selectFrom('devices')
      .select('id')
      .where('mac', '=', ownedMac)
      .executeTakeFirstOrThrow()
  ).id;
  await call(t.app, {
    method: 'POST',
    url: '/api/v1/device/updatepayment',
    payload: { user_id: owner.id, plan: 'year', mac: ownedId, name: 'Living room', phone: '+33 1 23' },
    cookie: cookies.owner,
  });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => call(t.app, { method: 'GET', url, cookie });

describe('device lists', () => {
  it('admin lists every device with the pagination fields', async () => {
    await Promise.all(Array.from({ length: 12 }, () => registerDevice(t.app)));
    const response = await get('/api/v1/device/all?page=2&per_page=10', cookies.admin);
    expect(response.statusCode).toBe(200);
    const { data, pagination } = response.json();
    expect(pagination).toEqual({ current_page: 2, last_page: 2, per_page: 10, total: 13, from: 11, to: 13 });
    expect(data).toHaveLength(3);
    expect(data[0].cle_mac).toBeUndefined();
  });

  it('a reseller lists only its own devices, and only through its own id', async () => {
    const mine = await get(`/api/v1/device/reseller/${owner.id}`, cookies.owner);
    expect(mine.json().data.map((d: { mac: string }) => d.mac)).toEqual([ownedMac]);
    expect((await get(`/api/v1/device/reseller/${owner.id}`, cookies.rival)).statusCode).toBe(403);
    expect((await get(`/api/v1/device/reseller/${rival.id}`, cookies.rival)).json().data).toEqual([]);
    expect((await get(`/api/v1/device/reseller/${sub.id}`, cookies.sub)).json().data).toEqual([]);
    expect((await get('/api/v1/device/all', cookies.owner)).statusCode).toBe(403);
    expect((await get('/api/v1/device/all')).statusCode).toBe(401);
  });

  // What the row shows: MAC, client name, phone, and the app name under the MAC ('Test TV').
  it.each([['AA:BB:CC:DD:EE:01'], ['aabbcc'], ['DD-EE-01'], ['ddee01'], ['living'], ['+33 1'], ['test tv']])(
    'finds the device searching %j',
    async (search) => {
      const response = await get(
        `/api/v1/device/reseller/${owner.id}?search=${encodeURIComponent(search)}`,
        cookies.owner,
      );
      expect(response.json().data.map((d: { id: number }) => d.id)).toEqual([ownedId]);
    },
  );

  it('pages a search with the total of every match, past the last page too, and a search that finds none', async () => {
    // 12 unnamed devices (registered above, their app 'Test TV') and the owned one ('Living room').
    const page = (query: string) =>
      get(`/api/v1/device/all?per_page=10&${query}`, cookies.admin).then((r) => r.json());
    const second = await page('search=test%20tv&page=2');
    expect(second.pagination).toMatchObject({ current_page: 2, last_page: 2, total: 13, from: 11, to: 13 });
    expect(second.data).toHaveLength(3);
    const first = await page('search=test%20tv&page=1');
    expect(first.pagination).toMatchObject({ total: 13, from: 1, to: 10 });
    expect(new Set([...first.data, ...second.data].map((d: { id: number }) => d.id)).size).toBe(13);
    const past = await page('search=test%20tv&page=9');
    expect(past.data).toEqual([]);
    expect(past.pagination).toMatchObject({ current_page: 9, total: 13, from: null, to: null });
    const none = await page('search=nothing%20like%20this');
    expect(none.data).toEqual([]);
    expect(none.pagination).toMatchObject({ total: 0, last_page: 1 });
    const living = await page('search=living');
    expect(living.data.map((d: { id: number }) => d.id)).toEqual([ownedId]);
    expect(living.data[0]).not.toHaveProperty('total_matching');
    expect(living.pagination.total).toBe(1);
  });

  it('filters by plan and payment', async () => {
    const q = (query: string) =>
      get(`/api/v1/device/all?per_page=100&${query}`, cookies.admin).then((r) => r.json().pagination.total);
    expect(await q('status=year')).toBe(1);
    expect(await q('payment=paid')).toBe(1);
    expect(await q('payment=free')).toBe(12);
    expect(await q('status=lifetime')).toBe(0);
  });

  it.each([
    ['per_page=7'],
    ['per_page=1000'],
    ['page=0'],
    ['status=gold'],
    ['payment=x'],
    ['search=' + 'a'.repeat(500)],
    ['extra=1'],
  ])('refuses the bad query %s with 400', async (query) => {
    const response = await get(`/api/v1/device/all?${query}`, cookies.admin);
    expect(response.statusCode).toBe(400);
  });

  it('tells the same total from a full page, the short last page and a page past the end', async () => {
    // The short page tells the total by itself; the full one and the empty one past the end count it.
    const fresh = await insertReseller(t.database);
    const macs = (await Promise.all(Array.from({ length: 12 }, () => registerDevice(t.app)))).map(
      (d) => d.mac,
    );
    await t.database.db.updateTable('devices').set({ owner_id: fresh.id }).where('mac', 'in', macs).execute();
    const cookie = await signIn(t.app, fresh.email);
    const page = (n: number) =>
      get(`/api/v1/device/reseller/${fresh.id}?per_page=10&page=${n}`, cookie).then((r) => r.json());
    const [full, last, past] = await Promise.all([page(1), page(2), page(3)]);
    expect(full.pagination).toEqual({
      current_page: 1,
      last_page: 2,
      per_page: 10,
      total: 12,
      from: 1,
      to: 10,
    });
    expect(last.pagination).toEqual({
      current_page: 2,
      last_page: 2,
      per_page: 10,
      total: 12,
      from: 11,
      to: 12,
    });
    expect(past.pagination).toEqual({
      current_page: 3,
      last_page: 2,
      per_page: 10,
      total: 12,
      from: null,
      to: null,
    });
    expect([...full.data, ...last.data].map((d: { mac: string }) => d.mac).sort()).toEqual([...macs].sort());
  });
});

describe('device changes', () => {
  it('only an admin toggles a ban; the banned device is refused at sign-in', async () => {
    expect(
      (
        await call(t.app, {
          method: 'PUT',
          url: `/api/v1/device/toggleBan/${ownedId}`,
          cookie: cookies.owner,
        })
      ).statusCode,
    ).toBe(403);
    const banned = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/device/toggleBan/${ownedId}`,
      cookie: cookies.admin,
    });
    expect(banned.json().data.banned).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/device/login',
      payload: { mac: ownedMac, cle_mac: ownedKey },
    });
    expect(login.json().code).toBe('device_banned');
    const unbanned = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/device/toggleBan/${ownedId}`,
      cookie: cookies.admin,
    });
    expect(unbanned.json().data.banned).toBe(false);
    expect(
      (await call(t.app, { method: 'PUT', url: '/api/v1/device/toggleBan/99999999', cookie: cookies.admin }))
        .statusCode,
    ).toBe(404);
  });

  it('the owner and admins edit name and phone only; others get 404', async () => {
    const edit = (cookie: string | undefined, payload: object) =>
      call(t.app, { method: 'PUT', url: `/api/v1/device/${ownedId}`, payload, cookie });
    const response = await edit(cookies.owner, {
      name: 'Bedroom',
      phone: '555',
      banned: true,
      cle_mac: 'HACKED',
      payment_type: 'lifetime',
    });
    expect(response.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', ownedId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Bedroom',
      phone: '555',
      is_banned: false,
      device_key: ownedKey,
      payment_type: 'year',
    });
    expect((await edit(cookies.rival, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await edit(cookies.sub, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await edit(undefined, { name: 'x' })).statusCode).toBe(401);
    expect((await edit(cookies.admin, { name: 'n'.repeat(500) })).statusCode).toBe(400);
  });

  it('only an admin deletes a device, and its playlists go with it', async () => {
    const device = await registerDevice(t.app);
    const id = (
      await t.database.db
        .selectFrom('devices')
        .select('id')
        .where('mac', '=', device.mac)
        .executeTakeFirstOrThrow()
    ).id;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/device/login',
      payload: { mac: device.mac, cle_mac: device.key },
    });
    const dsid = `dsid=${login.cookies.find((c) => c.name === 'dsid')!.value}`;
    await call(t.app, {
      method: 'POST',
      url: `/api/v1/playlist/${device.mac}`,
      payload: { name: 'A', url: 'http://a.example/x.m3u' },
      cookie: dsid,
    });
    expect(
      (await call(t.app, { method: 'DELETE', url: `/api/v1/device/${id}`, cookie: cookies.owner }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, { method: 'DELETE', url: `/api/v1/device/${id}`, cookie: cookies.admin }))
        .statusCode,
    ).toBe(200);
    const left = await t.database.db
      .selectFrom('playlists')
      .select('id')
      .where('device_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('POST /client/device/check-mac', () => {
  const check = (cookie: string | undefined, mac: string) =>
    call(t.app, { method: 'POST', url: '/api/v1/client/device/check-mac', payload: { mac }, cookie });

  it('shows the key to the owner and to admins only', async () => {
    expect((await check(cookies.owner, ownedMac)).json().data.cle_mac).toBe(ownedKey);
    expect((await check(cookies.admin, ownedMac.toLowerCase())).json().data.cle_mac).toBe(ownedKey);
  });

  it("hides another reseller's device (404) but shows an unowned one without its key", async () => {
    expect((await check(cookies.rival, ownedMac)).statusCode).toBe(404);
    expect((await check(cookies.sub, ownedMac)).statusCode).toBe(404);
    const fresh = await registerDevice(t.app);
    const response = await check(cookies.rival, fresh.mac);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.cle_mac).toBeUndefined();
    expect(response.body).not.toContain(fresh.key);
  });

  it('404 for an unknown MAC, 400 for a bad one, 401 without a session', async () => {
    expect((await check(cookies.owner, '00:00:00:00:00:00')).statusCode).toBe(404);
    expect((await check(cookies.owner, 'nope')).statusCode).toBe(400);
    expect((await check(undefined, ownedMac)).statusCode).toBe(401);
  });
});

describe('GET /dashboard', () => {
  it('counts everything for an admin and only its own for a reseller', async () => {
    const adminView = (await get(`/api/v1/dashboard?user=${admin.id}`, cookies.admin)).json().data;
    expect(adminView.devicesCount).toBeGreaterThanOrEqual(13);
    expect(adminView.activeDevicesCount).toBe(
      adminView.devicesCount - adminView.blockedDevicesCount - adminView.expiredDevicesCount,
    );
    const ownerView = (await get(`/api/v1/dashboard?user=${owner.id}`, cookies.owner)).json().data;
    expect(ownerView).toMatchObject({
      devicesCount: 1,
      activeDevicesCount: 1,
      blockedDevicesCount: 0,
      expiredDevicesCount: 0,
      transactionsCount: 1,
    });
    const rivalView = (await get(`/api/v1/dashboard?user=${rival.id}`, cookies.rival)).json().data;
    expect(rivalView).toMatchObject({ devicesCount: 0, transactionsCount: 0 });
  });

  it('counts an expired device as expired and not active', async () => {
    // A reseller whose counts were never asked for: on a busy machine the previous test's counts can
    // take over 25 ms and be reused for 10 s (dashboard-service.ts), which would hide this device.
    const fresh = await insertReseller(t.database);
    const device = await registerDevice(t.app);
    await t.database.db
      .updateTable('devices')
      .set({ owner_id: fresh.id, expires_at: new Date(Date.now() - 1000) })
      .where('mac', '=', device.mac)
      .execute();
    const view = (await get(`/api/v1/dashboard?user=${fresh.id}`, await signIn(t.app, fresh.email))).json()
      .data;
    expect(view).toMatchObject({ devicesCount: 1, expiredDevicesCount: 1, activeDevicesCount: 0 });
  });

  it("refuses another user's dashboard, a bad query and no session", async () => {
    expect((await get(`/api/v1/dashboard?user=${admin.id}`, cookies.owner)).statusCode).toBe(403);
    expect((await get('/api/v1/dashboard?user=abc', cookies.owner)).statusCode).toBe(400);
    expect((await get(`/api/v1/dashboard?user=${owner.id}`)).statusCode).toBe(401);
  });
});
