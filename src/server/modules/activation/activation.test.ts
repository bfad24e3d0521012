import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import {
  call,
  createTestApp,
  deviceIdOf,
  insertUser,
  registerDevice,
  signIn,
  testDatabaseKind,
  type TestAppWithAdmin,
} from '../../test/test-app';

let t: TestAppWithAdmin;
let admin: UserRow;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp({ withAdmin: true });
  ({ admin, adminCookie } = t);
});
afterAll(() => t.close());

const deviceId = (mac: string) => deviceIdOf(t.database, mac);

const activate = (cookie: string, body: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: '/api/v1/device/updatepayment', payload: body, cookie });

async function resellerWith(credits: number, parentId: number | null = null) {
  const user = await insertUser(t.database, {
    role: parentId ? 'sub_reseller' : 'reseller',
    credits,
    parentId,
  });
  return { user, cookie: await signIn(t.app, user.email) };
}

describe('POST /device/updatepayment', () => {
  it('charges 1 credit for a year, binds the device and sets a year of expiry', async () => {
    const { user, cookie } = await resellerWith(3);
    const { mac } = await registerDevice(t.app);
    const id = await deviceId(mac);
    const response = await activate(cookie, {
      user_id: user.id,
      plan: 'year',
      mac: id,
      name: 'Ana',
      phone: '555',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, updated_credits: 2 });
    const device = await t.database.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(device).toMatchObject({
      owner_id: user.id,
      payment_type: 'year',
      is_paid: true,
      name: 'Ana',
      phone: '555',
    });
    // The trial's remaining time is kept: a year from the trial's end.
    const days = (device.expires_at!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(365 + 6.9);
    expect(days).toBeLessThan(366 + 7.1);
    const ledger = await t.database.db
      .selectFrom('credit_transactions')
      .selectAll()
      .where('device_id', '=', id)
      .execute();
    expect(ledger).toEqual([
      expect.objectContaining({ type: 'activation', amount: 1, sender_id: user.id, balance_after: 2 }),
    ]);
  });

  it("keeps the client's name and phone on a renewal that gives none, and writes those it gives", async () => {
    const { user, cookie } = await resellerWith(3);
    const { mac } = await registerDevice(t.app);
    const id = await deviceId(mac);
    const contact = () =>
      t.database.db
        .selectFrom('devices')
        .select(['name', 'phone'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    await activate(cookie, { user_id: user.id, plan: 'year', mac: id, name: 'Ana', phone: '555' });
    expect((await activate(cookie, { user_id: user.id, plan: 'year', mac: id })).statusCode).toBe(200);
    expect(await contact()).toEqual({ name: 'Ana', phone: '555' });
    await activate(cookie, { user_id: user.id, plan: 'year', mac: id, phone: '777' });
    expect(await contact()).toEqual({ name: 'Ana', phone: '777' });
  });

  it('charges 2 credits for lifetime, with no expiry', async () => {
    const { user, cookie } = await resellerWith(2);
    const id = await deviceId((await registerDevice(t.app)).mac);
    const response = await activate(cookie, { user_id: user.id, plan: 'lifetime', mac: id });
    expect(response.json().updated_credits).toBe(0);
    const device = await t.database.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(device.expires_at).toBeNull();
    expect(device.payment_type).toBe('lifetime');
  });

  it('adds a year to the time left when renewing', async () => {
    const { user, cookie } = await resellerWith(2);
    const id = await deviceId((await registerDevice(t.app)).mac);
    await activate(cookie, { user_id: user.id, plan: 'year', mac: id });
    const first = await t.database.db
      .selectFrom('devices')
      .select('expires_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await activate(cookie, { user_id: user.id, plan: 'year', mac: id });
    const second = await t.database.db
      .selectFrom('devices')
      .select('expires_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const addedDays = (second.expires_at!.getTime() - first.expires_at!.getTime()) / 86_400_000;
    expect(addedDays).toBeGreaterThanOrEqual(365);
    expect(addedDays).toBeLessThanOrEqual(366);
  });

  it('answers 402 and changes nothing without enough credits', async () => {
    const { user, cookie } = await resellerWith(1);
    const id = await deviceId((await registerDevice(t.app)).mac);
    const response = await activate(cookie, { user_id: user.id, plan: 'lifetime', mac: id });
    expect(response.statusCode).toBe(402);
    expect(response.json().code).toBe('insufficient_credits');
    const device = await t.database.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(device).toMatchObject({ owner_id: null, payment_type: 'free', is_paid: false });
    const balance = await t.database.db
      .selectFrom('users')
      .select('credits')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(balance.credits).toBe(1);
    // The debit is the transaction's last step: the device's update and its event before it roll back.
    const recorded = await t.database.db
      .selectFrom('events')
      .select('id')
      .where('subject', '=', `device:${id}`)
      .where('type', '=', 'device.activated')
      .execute();
    expect(recorded).toHaveLength(0);
    const audited = await t.database.db
      .selectFrom('audit_entries')
      .select('id')
      .where('target', '=', `device:${id}`)
      .where('action', '=', 'device.activated')
      .execute();
    expect(audited).toHaveLength(0);
  });

  it("refuses to activate another reseller's device (403) and charges nothing", async () => {
    const owner = await resellerWith(5);
    const rival = await resellerWith(5);
    const id = await deviceId((await registerDevice(t.app)).mac);
    await activate(owner.cookie, { user_id: owner.user.id, plan: 'year', mac: id });
    const response = await activate(rival.cookie, { user_id: rival.user.id, plan: 'year', mac: id });
    expect(response.statusCode).toBe(403);
    const balance = await t.database.db
      .selectFrom('users')
      .select('credits')
      .where('id', '=', rival.user.id)
      .executeTakeFirstOrThrow();
    expect(balance.credits).toBe(5);
  });

  it('lets an admin activate any device for free without taking it over', async () => {
    const owner = await resellerWith(5);
    const id = await deviceId((await registerDevice(t.app)).mac);
    await activate(owner.cookie, { user_id: owner.user.id, plan: 'year', mac: id });
    const response = await activate(adminCookie, { user_id: admin.id, plan: 'lifetime', mac: id });
    expect(response.statusCode).toBe(200);
    expect(response.json().updated_credits).toBeNull();
    const device = await t.database.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(device.owner_id).toBe(owner.user.id);
    // The owner hears about it, once the outbox delivered the event.
    await t.app.deps.events.drain();
    const notes = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', owner.user.id)
      .execute();
    expect(notes.some((n) => n.kind === 'device_activated')).toBe(true);
  });

  it('refuses to act as somebody else, bad input, unknown devices and no session', async () => {
    const { user, cookie } = await resellerWith(5);
    const id = await deviceId((await registerDevice(t.app)).mac);
    expect((await activate(cookie, { user_id: admin.id, plan: 'year', mac: id })).statusCode).toBe(403);
    expect((await activate(cookie, { user_id: user.id, plan: 'month', mac: id })).statusCode).toBe(400);
    expect((await activate(cookie, { user_id: user.id, plan: 'year', mac: 'abc' })).statusCode).toBe(400);
    expect((await activate(cookie, { user_id: user.id, plan: 'year', mac: 99_999_999 })).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/v1/device/updatepayment',
          payload: { user_id: user.id, plan: 'year', mac: id },
        })
      ).statusCode,
    ).toBe(401);
  });

  it(`50 parallel activations against 5 credits give exactly 5 successes (${testDatabaseKind})`, async () => {
    const { user, cookie } = await resellerWith(5);
    const macs = await Promise.all(Array.from({ length: 50 }, () => registerDevice(t.app)));
    const ids = await Promise.all(macs.map((d) => deviceId(d.mac)));
    const responses = await Promise.all(
      ids.map((id) => activate(cookie, { user_id: user.id, plan: 'year', mac: id })),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 402)).toHaveLength(45);
    const balance = await t.database.db
      .selectFrom('users')
      .select('credits')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(balance.credits).toBe(0);
    const debits = await t.database.db
      .selectFrom('credit_transactions')
      .select('balance_after')
      .where('sender_id', '=', user.id)
      .where('type', '=', 'activation')
      .execute();
    // Each ledger row with the balance its own debit left: every one from 4 down to 0, once.
    expect(debits.map((d) => d.balance_after).sort()).toEqual([0, 1, 2, 3, 4]);
    const paid = await t.database.db
      .selectFrom('devices')
      .select('id')
      .where('owner_id', '=', user.id)
      .execute();
    expect(paid).toHaveLength(5);
    const activated = await t.database.db
      .selectFrom('events')
      .select('subject')
      .where('type', '=', 'device.activated')
      .where(
        'subject',
        'in',
        ids.map((id) => `device:${id}`),
      )
      .execute();
    expect(activated.map((e) => e.subject).sort()).toEqual(paid.map((d) => `device:${d.id}`).sort());
  });
});
