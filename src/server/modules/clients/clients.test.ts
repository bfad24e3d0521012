import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { defaultLimits } from '../../config';
import { DatabaseAttemptLimiter } from '../security/database-attempt-limiter';
import {
  call,
  createTestApp,
  insertUser,
  registerDevice,
  signIn,
  uniqueMac,
  type TestApp,
  insertReseller,
} from '../../test/test-app';
import { createClientRepository } from './client-repository';
import { createClientService, UNREGISTERED_DEVICE_MESSAGE } from './client-service';

let t: TestApp;
let admin: UserRow;
let adminCookie: string;
let resellerCookie: string;
let ipCounter = 0;
/** Each registration comes from its own address unless a test is about the per-IP limit. */
const freshIp = () => `10.30.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t.database, { role: 'admin', credits: 0 });
  adminCookie = await signIn(t.app, admin.email);
  resellerCookie = await signIn(t.app, (await insertReseller(t.database, { credits: 10 })).email);
});
afterAll(() => t.close());

const form = (mac: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Sam Viewer',
  email: 'sam@example.test',
  phone: '+1 555 0100',
  mac,
  plan: '1year',
  ...overrides,
});

const createAndBind = (payload: unknown, ip = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/client/create-and-bind',
    payload: payload as object,
    remoteAddress: ip,
  });
const list = (cookie: string | undefined, query = '') =>
  call(t.app, { method: 'GET', url: `/api/v1/client${query}`, cookie });
const decide = (cookie: string | undefined, payload: unknown) =>
  call(t.app, { method: 'PUT', url: '/api/v1/client/update', payload: payload as object, cookie });

/** A registered device with a Pending registration; answers both. */
async function pendingRegistration(overrides: Record<string, unknown> = {}) {
  const { mac } = await registerDevice(t.app);
  const response = await createAndBind(form(mac, overrides));
  expect(response.statusCode).toBe(201);
  return { mac, id: response.json().data.id as number };
}

const deviceByMac = (mac: string) =>
  t.database.db.selectFrom('devices').selectAll().where('mac', '=', mac).executeTakeFirstOrThrow();
const registration = (id: number) =>
  t.database.db.selectFrom('client_registrations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /client/create-and-bind (public)', () => {
  it('stores a Pending registration bound to the device and notifies the admins', async () => {
    const { mac } = await registerDevice(t.app);
    const response = await createAndBind(
      form(mac.toLowerCase().replace(/:/g, '-'), { email: ' Sam@Example.TEST ' }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ success: true, data: { id: expect.any(Number), status: 'Pending' } });

    const row = await registration(body.data.id);
    const device = await deviceByMac(mac);
    expect(row).toMatchObject({
      name: 'Sam Viewer',
      email: 'sam@example.test',
      phone: '+1 555 0100',
      mac,
      plan: 'year',
      status: 'Pending',
      device_id: device.id,
    });
    await t.app.deps.events.drain();
    const notes = await t.database.db
      .selectFrom('notifications')
      .select(['user_id', 'message'])
      .where('kind', '=', 'client_registration')
      .where('message', 'like', `%${mac}%`)
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.user_id).toBe(admin.id);
    expect(notes[0]!.message).toMatch(/one year/i);
  });

  it("stores 'lifetime' and 'year' as sent", async () => {
    const lifetime = await pendingRegistration({ plan: 'lifetime' });
    expect((await registration(lifetime.id)).plan).toBe('lifetime');
    const year = await pendingRegistration({ plan: 'year' });
    expect((await registration(year.id)).plan).toBe('year');
  });

  it('answers 404 with a hint for a MAC no TV has registered', async () => {
    const response = await createAndBind(form(uniqueMac()));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: 'not_found',
      message: UNREGISTERED_DEVICE_MESSAGE,
    });
  });

  it('answers 409 to a second Pending registration for the same device', async () => {
    const { mac } = await pendingRegistration();
    const again = await createAndBind(form(mac, { name: 'Someone Else' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('conflict');
    const rows = await t.database.db
      .selectFrom('client_registrations')
      .select('id')
      .where('mac', '=', mac)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lets only one of two simultaneous registrations for a device through', async () => {
    const { mac } = await registerDevice(t.app);
    const results = await Promise.all([
      createAndBind(form(mac)),
      createAndBind(form(mac)),
      createAndBind(form(mac)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('takes 5 registrations per address per hour: the 6th gets 429 with Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      const { mac } = await registerDevice(t.app);
      expect((await createAndBind(form(mac), ip)).statusCode).toBe(201);
    }
    const { mac } = await registerDevice(t.app);
    const sixth = await createAndBind(form(mac), ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('too_many_attempts');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3_000);
    expect((await createAndBind(form(mac), freshIp())).statusCode).toBe(201);
  });

  it.each([
    ['missing name', { name: undefined }, 'name', 'nameRequired'],
    ['blank name', { name: '  ' }, 'name', 'nameRequired'],
    ['name over 100', { name: 'n'.repeat(101) }, 'name', undefined],
    ['missing e-mail', { email: undefined }, 'email', 'emailRequired'],
    ['empty e-mail', { email: '' }, 'email', 'emailRequired'],
    ['bad e-mail', { email: 'sam-at-example' }, 'email', 'emailInvalid'],
    ['missing phone', { phone: undefined }, 'phone', 'phoneRequired'],
    ['phone over 30', { phone: '1'.repeat(31) }, 'phone', undefined],
    ['missing MAC', { mac: undefined }, 'mac', 'macRequired'],
    ['empty MAC', { mac: '' }, 'mac', 'macRequired'],
    ['five pairs', { mac: '00:1A:2B:3C:4D' }, 'mac', 'macInvalid'],
    ['a non-hex MAC', { mac: '00:1A:2B:3C:4D:ZZ' }, 'mac', 'macInvalid'],
    ['a 5000-character MAC', { mac: 'A'.repeat(5000) }, 'mac', 'macInvalid'],
    ['missing plan', { plan: undefined }, 'plan', 'planRequired'],
    ['an unknown plan', { plan: 'month' }, 'plan', 'planRequired'],
    ['name as a number', { name: 12 }, 'name', undefined],
    ['plan as a boolean', { plan: true }, 'plan', undefined],
    ['an unknown field', { status: 'Approved' }, 'status', undefined],
    ['a device id', { device_id: 1 }, 'device_id', undefined],
  ])('refuses bad input (%s) with 400 naming the field', async (_label, overrides, field, key) => {
    const response = await createAndBind(form('00:1A:2B:3C:4D:5E', overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'invalid_input', field });
    if (key) expect(response.json().message).toContain(key);
  });
});

describe('GET /client (admin)', () => {
  it('needs a session and the admin role', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    const reseller = await list(resellerCookie);
    expect(reseller.statusCode).toBe(403);
    expect(reseller.json().code).toBe('forbidden');
  });

  it('lists newest first with the fields the Clients page reads', async () => {
    const older = await pendingRegistration();
    const newer = await pendingRegistration({ plan: 'lifetime' });
    const body = (await list(adminCookie, '?limit=100')).json();
    expect(body.success).toBe(true);
    const ids = body.data.map((c: { id: number }) => c.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const shown = body.data.find((c: { id: number }) => c.id === newer.id);
    expect(shown).toEqual({
      id: newer.id,
      name: 'Sam Viewer',
      email: 'sam@example.test',
      phone: '+1 555 0100',
      mac: newer.mac,
      plan: 'lifetime',
      status: 'Pending',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('pages with total, page, totalPages and limit, and filters by status, plan and search', async () => {
    const own = await createTestApp();
    try {
      const cookie = await signIn(own.app, (await insertUser(own.database, { role: 'admin' })).email);
      const people = [
        { name: 'Alice Martin', email: 'alice@example.test', phone: '111', plan: '1year' },
        { name: 'Bob Stone', email: 'bob@example.test', phone: '222', plan: 'lifetime' },
        { name: 'Carla 100%_Real', email: 'carla@example.test', phone: '333', plan: 'year' },
        { name: 'Dan Wolf', email: 'dan@example.test', phone: '444', plan: 'lifetime' },
        { name: 'Eve Young', email: 'eve@example.test', phone: '555', plan: '1year' },
      ];
      const macs: string[] = [];
      for (const [i, person] of people.entries()) {
        const { mac } = await registerDevice(own.app);
        macs.push(mac);
        const response = await own.app.inject({
          method: 'POST',
          url: '/api/v1/client/create-and-bind',
          payload: { ...person, mac },
          remoteAddress: `10.31.0.${i + 1}`,
        });
        expect(response.statusCode).toBe(201);
      }
      const get = async (query: string) => {
        const response = await call(own.app, { method: 'GET', url: `/api/v1/client${query}`, cookie });
        expect(response.statusCode).toBe(200);
        return response.json() as { data: { name: string; id: number }[]; meta: Record<string, number> };
      };
      const names = (body: { data: { name: string }[] }) => body.data.map((c) => c.name);

      const defaults = await get('');
      expect(defaults.meta).toEqual({ total: 5, page: 1, totalPages: 1, limit: 10 });
      expect(names(defaults)[0]).toBe('Eve Young');

      const page2 = await get('?page=2&limit=2');
      expect(page2.meta).toEqual({ total: 5, page: 2, totalPages: 3, limit: 2 });
      expect(names(page2)).toEqual(['Carla 100%_Real', 'Bob Stone']);
      const page3 = await get('?page=3&limit=2');
      expect(names(page3)).toEqual(['Alice Martin']);

      expect(names(await get('?plan=lifetime'))).toEqual(['Dan Wolf', 'Bob Stone']);
      expect((await get('?plan=year')).meta.total).toBe(3);

      // Reject Bob, approve Eve: the status filter sees it.
      const bob = defaults.data.find((c) => c.name === 'Bob Stone')!;
      const eve = defaults.data.find((c) => c.name === 'Eve Young')!;
      const put = (payload: object) =>
        call(own.app, { method: 'PUT', url: '/api/v1/client/update', payload, cookie });
      expect((await put({ id: bob.id, status: 'Rejected' })).statusCode).toBe(200);
      expect((await put({ id: eve.id, status: 'Approved' })).statusCode).toBe(200);
      expect(names(await get('?status=Rejected'))).toEqual(['Bob Stone']);
      expect(names(await get('?status=Approved'))).toEqual(['Eve Young']);
      const pending = await get('?status=Pending&limit=2');
      expect(pending.meta).toEqual({ total: 3, page: 1, totalPages: 2, limit: 2 });
      expect(names(await get('?status=Pending&plan=lifetime'))).toEqual(['Dan Wolf']);
      // An empty select ("all") is no filter.
      expect((await get('?status=&plan=')).meta.total).toBe(5);

      // Search: name (any case), e-mail, phone, MAC in either spelling.
      expect(names(await get('?search=martin'))).toEqual(['Alice Martin']);
      expect(names(await get('?search=BOB%40EXAMPLE'))).toEqual(['Bob Stone']);
      expect(names(await get('?search=333'))).toEqual(['Carla 100%_Real']);
      expect(names(await get(`?search=${encodeURIComponent(macs[3]!.toLowerCase())}`))).toEqual(['Dan Wolf']);
      expect(names(await get(`?search=${macs[3]!.replace(/:/g, '').slice(4)}`))).toEqual(['Dan Wolf']);
      // LIKE wildcards are taken literally.
      expect(names(await get('?search=%25'))).toEqual(['Carla 100%_Real']);
      expect(names(await get('?search=_'))).toEqual(['Carla 100%_Real']);
      expect(names(await get('?search=0%25_r'))).toEqual(['Carla 100%_Real']);
      expect((await get('?search=nobody-here')).meta).toEqual({
        total: 0,
        page: 1,
        totalPages: 0,
        limit: 10,
      });
    } finally {
      await own.close();
    }
  });

  it.each([
    ['page 0', '?page=0', 'page'],
    ['page not a number', '?page=first', 'page'],
    ['limit 0', '?limit=0', 'limit'],
    ['limit over 100', '?limit=101', 'limit'],
    ['an unknown status', '?status=Deleted', 'status'],
    ['the form plan code', '?plan=1year', 'plan'],
    ['a search over 100 characters', `?search=${'s'.repeat(101)}`, 'search'],
    ['an unknown parameter', '?owner=1', 'owner'],
  ])('refuses a bad query (%s) with 400 naming it', async (_label, query, field) => {
    const response = await list(adminCookie, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'invalid_input', field });
  });
});

describe('PUT /client/update (admin)', () => {
  it('needs a session and the admin role', async () => {
    const { id, mac } = await pendingRegistration();
    expect((await decide(undefined, { id, status: 'Approved', plan: 'year' })).statusCode).toBe(401);
    const reseller = await decide(resellerCookie, { id, status: 'Approved', plan: 'year' });
    expect(reseller.statusCode).toBe(403);
    expect((await registration(id)).status).toBe('Pending');
    expect((await deviceByMac(mac)).is_paid).toBe(false);
  });

  it('approve activates the device with the chosen plan, at no credit cost to the admin', async () => {
    const { id, mac } = await pendingRegistration({ plan: '1year', name: 'Paid Viewer', phone: '+33 1 23' });
    const before = await registration(id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await decide(adminCookie, { id, status: 'Approved', plan: 'year' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { id, status: 'Approved', plan: 'year' } });

    const device = await deviceByMac(mac);
    expect(device).toMatchObject({
      is_paid: true,
      payment_type: 'year',
      name: 'Paid Viewer',
      phone: '+33 1 23',
    });
    expect(device.paid_at).toBeInstanceOf(Date);
    // The 7-day trial left is kept: one year on top of it.
    const days = (device.expires_at!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(365);
    expect(days).toBeLessThan(374);

    const after = await registration(id);
    expect(after.status).toBe('Approved');
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
    const fresh = await t.database.db
      .selectFrom('users')
      .select('credits')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(fresh.credits).toBe(0);
  });

  it("approve without a plan uses the registration's plan; a plan sent replaces it", async () => {
    const lifetime = await pendingRegistration({ plan: 'lifetime' });
    expect((await decide(adminCookie, { id: lifetime.id, status: 'Approved' })).statusCode).toBe(200);
    const lifetimeDevice = await deviceByMac(lifetime.mac);
    expect(lifetimeDevice).toMatchObject({ is_paid: true, payment_type: 'lifetime', expires_at: null });

    const changed = await pendingRegistration({ plan: 'lifetime' });
    const response = await decide(adminCookie, { id: changed.id, status: 'Approved', plan: 'year' });
    expect(response.json().data.plan).toBe('year');
    expect((await deviceByMac(changed.mac)).payment_type).toBe('year');
    expect((await registration(changed.id)).plan).toBe('year');
  });

  it('reject only marks the registration: the device is untouched', async () => {
    const { id, mac } = await pendingRegistration();
    const deviceBefore = await deviceByMac(mac);
    const before = await registration(id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await decide(adminCookie, { id, status: 'Rejected' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id, status: 'Rejected' });
    expect(await deviceByMac(mac)).toEqual(deviceBefore);
    const after = await registration(id);
    expect(after.status).toBe('Rejected');
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
    // Once rejected, the viewer may ask again.
    expect((await createAndBind(form(mac))).statusCode).toBe(201);
  });

  it('changes only Pending registrations: a second decision is 409', async () => {
    const approved = await pendingRegistration();
    await decide(adminCookie, { id: approved.id, status: 'Approved', plan: 'year' });
    const rejected = await pendingRegistration();
    await decide(adminCookie, { id: rejected.id, status: 'Rejected' });
    const deviceBefore = await deviceByMac(rejected.mac);

    for (const payload of [
      { id: approved.id, status: 'Rejected' },
      { id: approved.id, status: 'Approved', plan: 'lifetime' },
      { id: rejected.id, status: 'Approved', plan: 'lifetime' },
    ]) {
      const response = await decide(adminCookie, payload);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        code: 'conflict',
        message: 'Only pending registrations can change',
      });
    }
    expect((await registration(approved.id)).status).toBe('Approved');
    expect((await deviceByMac(approved.mac)).payment_type).toBe('year');
    expect(await deviceByMac(rejected.mac)).toEqual(deviceBefore);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await decide(adminCookie, { id: 987_654, status: 'Approved', plan: 'year' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });

  it.each([
    ['missing id', { status: 'Approved' }, 'id'],
    ['id as text', { id: '1', status: 'Approved' }, 'id'],
    ['id 0', { id: 0, status: 'Approved' }, 'id'],
    ['a huge id', { id: 2 ** 40, status: 'Approved' }, 'id'],
    ['missing status', { id: 1 }, 'status'],
    ['back to Pending', { id: 1, status: 'Pending' }, 'status'],
    ['lower-case status', { id: 1, status: 'approved' }, 'status'],
    ['an unknown plan', { id: 1, status: 'Approved', plan: 'month' }, 'plan'],
    ['a huge plan string', { id: 1, status: 'Approved', plan: 'y'.repeat(10_000) }, 'plan'],
    ['an unknown field', { id: 1, status: 'Approved', device_id: 2 }, 'device_id'],
  ])('refuses bad input (%s) with 400 naming the field', async (_label, payload, field) => {
    const response = await decide(adminCookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'invalid_input', field });
  });
});

describe('client service', () => {
  it('puts the registration back to Pending when the activation fails', async () => {
    const { id, mac } = await pendingRegistration();
    const service = createClientService({
      db: t.database.db,
      registrations: createClientRepository(t.database.db),
      limiter: new DatabaseAttemptLimiter(t.database.db),
      limits: defaultLimits,
      activation: {
        activate: async () => {
          throw new Error('activation down');
        },
      },
      events: t.app.deps.events,
    });
    await expect(service.decide(admin, { id, status: 'Approved', plan: 'lifetime' })).rejects.toThrow(
      'activation down',
    );
    const row = await registration(id);
    expect(row).toMatchObject({ status: 'Pending', plan: 'year' });
    expect((await deviceByMac(mac)).is_paid).toBe(false);
  });
});
