import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import {
  call,
  createTestApp,
  registerDevice,
  signIn,
  signInDevice,
  testDatabaseKind,
  type TestAppWithAdmin,
  insertReseller,
} from '../../test/test-app';

/**
 * Issue 12, item 2: a reseller could take over any device it did not own by activating it (charging
 * itself, becoming the owner, turning lifetime into a year, then reading the key and the playlists).
 */
let t: TestAppWithAdmin;
let admin: UserRow;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp({
    limits: { deviceFailuresPerMacAddress: 3, deviceLockMs: 60_000 },
    withAdmin: true,
  });
  ({ admin, adminCookie } = t);
});
afterAll(() => t.close());

const activate = (cookie: string, body: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: '/api/v1/device/updatepayment', payload: body, cookie });
const checkMac = (cookie: string, mac: string) =>
  call(t.app, { method: 'POST', url: '/api/v1/client/device/check-mac', payload: { mac }, cookie });

async function reseller(credits = 5) {
  const user = await insertReseller(t.database, { credits });
  return { user, cookie: await signIn(t.app, user.email) };
}

async function deviceRow(mac: string) {
  return t.database.db.selectFrom('devices').selectAll().where('mac', '=', mac).executeTakeFirstOrThrow();
}

async function balanceOf(userId: number): Promise<number> {
  const row = await t.database.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.credits;
}

async function ledgerCount(userId: number): Promise<number> {
  const rows = await t.database.db
    .selectFrom('credit_transactions')
    .select('id')
    .where('sender_id', '=', userId)
    .execute();
  return rows.length;
}

/** A device the admin activated for a viewer (no owner, paid), with the viewer's name and phone. */
async function viewerDevice(plan: 'year' | 'lifetime' = 'year') {
  const device = await registerDevice(t.app);
  const { id } = await deviceRow(device.mac);
  const response = await activate(adminCookie, {
    user_id: admin.id,
    plan,
    mac: id,
    name: 'Viewer Name',
    phone: '+212600000000',
  });
  expect(response.statusCode).toBe(200);
  return { ...device, id };
}

describe(`activating a device the caller does not own (${testDatabaseKind})`, () => {
  it("refuses a viewer's paid device without its key: 403 device_key_required, nothing changed", async () => {
    const viewer = await viewerDevice('lifetime');
    const { user, cookie } = await reseller(5);
    const before = await deviceRow(viewer.mac);
    for (const plan of ['year', 'lifetime']) {
      const response = await activate(cookie, { user_id: user.id, plan, mac: viewer.id });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('device_key_required');
    }
    expect(await deviceRow(viewer.mac)).toEqual(before);
    expect(await balanceOf(user.id)).toBe(5);
    expect(await ledgerCount(user.id)).toBe(0);
  });

  it("asks a banned viewer's device for its key before telling of the ban, and of the ban once given", async () => {
    const viewer = await viewerDevice('year');
    await t.database.db.updateTable('devices').set({ is_banned: true }).where('id', '=', viewer.id).execute();
    const { user, cookie } = await reseller(5);
    const without = await activate(cookie, { user_id: user.id, plan: 'year', mac: viewer.id });
    expect([without.statusCode, without.json().code]).toEqual([403, 'device_key_required']);
    const withKey = await activate(cookie, {
      user_id: user.id,
      plan: 'year',
      mac: viewer.id,
      cle_mac: viewer.key,
    });
    expect([withKey.statusCode, withKey.json().code]).toEqual([409, 'device_banned']);
    expect((await deviceRow(viewer.mac)).owner_id).toBeNull();
    expect(await balanceOf(user.id)).toBe(5);
  });

  it("refuses an unpaid trial that has the viewer's playlists, without the key", async () => {
    const device = await registerDevice(t.app);
    const session = await signInDevice(t.app, device.mac, device.key);
    const added = await call(t.app, {
      method: 'POST',
      url: `/api/v1/playlist/${device.mac}`,
      payload: {
        name: 'Mine',
        url: 'http://lists.example/a.m3u',
        isAccount: false,
        hasPin: false,
        pin: null,
      },
      cookie: session,
    });
    expect(added.statusCode).toBeLessThan(300);
    const { id } = await deviceRow(device.mac);
    const { user, cookie } = await reseller(5);
    const response = await activate(cookie, { user_id: user.id, plan: 'year', mac: id });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('device_key_required');
    expect((await deviceRow(device.mac)).owner_id).toBeNull();
    expect(await balanceOf(user.id)).toBe(5);
  });

  it("activates it with the viewer's key (consent), typed with spaces and in lower case", async () => {
    const viewer = await viewerDevice('year');
    const { user, cookie } = await reseller(5);
    const typed = `${viewer.key.slice(0, 5).toLowerCase()} ${viewer.key.slice(5)}`;
    const response = await activate(cookie, {
      user_id: user.id,
      plan: 'year',
      mac: viewer.id,
      cle_mac: typed,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().updated_credits).toBe(4);
    expect((await deviceRow(viewer.mac)).owner_id).toBe(user.id);
  });

  it('counts wrong keys as guesses: the limit, then locked, and the right key is refused while locked', async () => {
    const viewer = await viewerDevice('year');
    const { user, cookie } = await reseller(5);
    const attempt = (key: string) =>
      activate(cookie, { user_id: user.id, plan: 'year', mac: viewer.id, cle_mac: key });
    const answers = await Promise.all(Array.from({ length: 12 }, () => attempt('WRONGKEY42')));
    const codes = answers.map((a) => a.json().code);
    // deviceFailuresPerMacAddress is 3 in this file: at most 3 keys are compared.
    expect(codes.filter((c) => c === 'device_key_incorrect').length).toBeLessThanOrEqual(3);
    expect(
      codes.filter((c) => c === 'device_key_incorrect').length +
        codes.filter((c) => c === 'account_locked').length,
    ).toBe(12);
    const right = await attempt(viewer.key);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('account_locked');
    expect(await balanceOf(user.id)).toBe(5);
    expect((await deviceRow(viewer.mac)).owner_id).toBeNull();
    // Another reseller is not locked out by this one's guesses.
    const other = await reseller(5);
    const theirs = await activate(other.cookie, {
      user_id: other.user.id,
      plan: 'year',
      mac: viewer.id,
      cle_mac: viewer.key,
    });
    expect(theirs.statusCode).toBe(200);
  });

  it('still lets a reseller activate a fresh trial with nothing on it (no key needed)', async () => {
    const device = await registerDevice(t.app);
    const { id } = await deviceRow(device.mac);
    const { user, cookie } = await reseller(5);
    const response = await activate(cookie, { user_id: user.id, plan: 'year', mac: id });
    expect(response.statusCode).toBe(200);
  });

  it('needs no key for an expired, unowned device without playlists', async () => {
    const device = await registerDevice(t.app);
    const past = new Date(Date.now() - 3 * 86_400_000);
    await t.database.db
      .updateTable('devices')
      .set({ payment_type: 'year', is_paid: true, expires_at: past })
      .where('mac', '=', device.mac)
      .execute();
    const { id } = await deviceRow(device.mac);
    const { user, cookie } = await reseller(5);
    const response = await activate(cookie, { user_id: user.id, plan: 'year', mac: id });
    expect(response.statusCode).toBe(200);
    // An expired plan renews from now, not from its old expiry.
    const days = ((await deviceRow(device.mac)).expires_at!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(366.1);
  });

  it("refuses another reseller's device whatever key is given (403, nothing changed)", async () => {
    const owner = await reseller(5);
    const device = await registerDevice(t.app);
    const { id } = await deviceRow(device.mac);
    expect((await activate(owner.cookie, { user_id: owner.user.id, plan: 'year', mac: id })).statusCode).toBe(
      200,
    );
    const rival = await reseller(5);
    const response = await activate(rival.cookie, {
      user_id: rival.user.id,
      plan: 'year',
      mac: id,
      cle_mac: device.key,
    });
    expect(response.statusCode).toBe(403);
    expect((await deviceRow(device.mac)).owner_id).toBe(owner.user.id);
    expect(await balanceOf(rival.user.id)).toBe(5);
  });
});

describe('never downgrade, never re-charge, never a banned device', () => {
  it('a lifetime device gives 409 already_lifetime for either plan, for its owner and for an admin', async () => {
    const { user, cookie } = await reseller(10);
    const device = await registerDevice(t.app);
    const { id } = await deviceRow(device.mac);
    expect((await activate(cookie, { user_id: user.id, plan: 'lifetime', mac: id })).statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(8);
    for (const plan of ['year', 'lifetime']) {
      const mine = await activate(cookie, { user_id: user.id, plan, mac: id });
      expect(mine.statusCode).toBe(409);
      expect(mine.json().code).toBe('already_lifetime');
      const admins = await activate(adminCookie, { user_id: admin.id, plan, mac: id });
      expect(admins.statusCode).toBe(409);
    }
    const row = await deviceRow(device.mac);
    expect(row).toMatchObject({ payment_type: 'lifetime', expires_at: null, owner_id: user.id });
    expect(await balanceOf(user.id)).toBe(8);
    expect(await ledgerCount(user.id)).toBe(1);
  });

  it('a banned device gives 409 device_banned to its owner and to an admin, no credit taken', async () => {
    const { user, cookie } = await reseller(5);
    const device = await registerDevice(t.app);
    const { id } = await deviceRow(device.mac);
    expect((await activate(cookie, { user_id: user.id, plan: 'year', mac: id })).statusCode).toBe(200);
    await call(t.app, { method: 'PUT', url: `/api/v1/device/toggleBan/${id}`, cookie: adminCookie });
    const before = await deviceRow(device.mac);
    for (const [cookieOf, actor] of [
      [cookie, user.id],
      [adminCookie, admin.id],
    ] as const) {
      const response = await activate(cookieOf, { user_id: actor, plan: 'year', mac: id });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('device_banned');
    }
    expect(await deviceRow(device.mac)).toEqual(before);
    expect(await balanceOf(user.id)).toBe(4);
  });

  it('approving a registration for a banned or lifetime device is refused and the registration stays Pending', async () => {
    for (const state of ['banned', 'lifetime'] as const) {
      const device = await registerDevice(t.app);
      const registered = await call(t.app, {
        method: 'POST',
        url: '/api/v1/client/create-and-bind',
        payload: {
          name: 'Client',
          email: 'client@example.test',
          phone: '1234567',
          mac: device.mac,
          plan: 'year',
        },
        remoteAddress: `10.9.${state === 'banned' ? 1 : 2}.1`,
      });
      expect(registered.statusCode).toBeLessThan(300);
      await t.database.db
        .updateTable('devices')
        .set(
          state === 'banned'
            ? { is_banned: true }
            : { payment_type: 'lifetime', is_paid: true, expires_at: null },
        )
        .where('mac', '=', device.mac)
        .execute();
      const id = registered.json().data.id as number;
      const decided = await call(t.app, {
        method: 'PUT',
        url: '/api/v1/client/update',
        payload: { id, status: 'Approved' },
        cookie: adminCookie,
      });
      expect(decided.statusCode).toBe(409);
      expect(decided.json().code).toBe(state === 'banned' ? 'device_banned' : 'already_lifetime');
      const row = await t.database.db
        .selectFrom('client_registrations')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('Pending');
    }
  });
});

describe('Check MAC of a device the caller does not manage', () => {
  it('shows MAC, app, status, plan and expiry, and nothing of the viewer', async () => {
    const viewer = await viewerDevice('year');
    const { cookie } = await reseller(5);
    const response = await checkMac(cookie, viewer.mac);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      mac: viewer.mac,
      app_name: 'Test TV',
      payment_type: 'year',
      paid: true,
      banned: false,
      name: null,
      phone: null,
      device_key_required: true,
    });
    expect(data.expired_date).toEqual(expect.any(String));
    expect(data).not.toHaveProperty('cle_mac');
    expect(JSON.stringify(response.json())).not.toContain('Viewer Name');
    expect(JSON.stringify(response.json())).not.toContain('+212600000000');
    expect(JSON.stringify(response.json())).not.toContain(viewer.key);
  });

  it('says no key is needed for a fresh trial, and shows the owner and the admin everything', async () => {
    const device = await registerDevice(t.app);
    const { user, cookie } = await reseller(5);
    expect((await checkMac(cookie, device.mac)).json().data.device_key_required).toBe(false);
    const { id } = await deviceRow(device.mac);
    await activate(cookie, { user_id: user.id, plan: 'year', mac: id, name: 'Mine' });
    const owned = (await checkMac(cookie, device.mac)).json().data;
    expect(owned).toMatchObject({ name: 'Mine', cle_mac: device.key });
    expect(owned).not.toHaveProperty('device_key_required');
    expect((await checkMac(adminCookie, device.mac)).json().data).toMatchObject({ cle_mac: device.key });
  });
});
