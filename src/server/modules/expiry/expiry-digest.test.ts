import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db';
import { startTestSmtpServer } from '../../test/smtp';
import {
  createTestApp,
  insertReseller,
  insertUser,
  signIn,
  testDatabaseKind,
  type TestApp,
  twoInstances,
  uniqueMac,
} from '../../test/test-app';
import { createOutbox } from '../events/outbox';
import { createExpiryDigest } from './expiry-digest';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    config: {
      publicUrl: 'https://tv.example.test',
      mail: { smtpUrl: smtp.url, from: 'StreamBox <no-reply@example.test>' },
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/**
 * Each test runs the digest on a day of its own (the day's claim is for the whole database), at
 * 08:00 UTC, some years ahead so that no other test's devices are in its ranges.
 */
let dayCounter = 0;
function aDay(): Date {
  dayCounter += 1;
  return new Date(Date.UTC(2031, 0, 1 + dayCounter * 40, 8));
}

type DeviceFields = { plan?: 'free' | 'year' | 'lifetime'; banned?: boolean; name?: string | null };

/** A device owned by `ownerId`, expiring at `expiresAt`, inserted directly (the test controls time). */
async function deviceOf(
  database: DatabaseHandle,
  ownerId: number | null,
  expiresAt: Date,
  fields: DeviceFields = {},
) {
  const mac = uniqueMac();
  const plan = fields.plan ?? 'year';
  return database.db
    .insertInto('devices')
    .values({
      mac,
      mac_hex: mac.replace(/:/g, ''),
      device_key: `key-${mac}`,
      payment_type: plan,
      is_paid: plan !== 'free',
      is_banned: fields.banned ?? false,
      name: fields.name ?? null,
      expires_at: expiresAt,
      owner_id: ownerId,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning(['id', 'mac'])
    .executeTakeFirstOrThrow();
}

const at = (now: Date, offset: number) => new Date(now.getTime() + offset);

/** The digest events recorded for an account, oldest first. */
async function digestsOf(database: DatabaseHandle, userId: number) {
  const rows = await database.db
    .selectFrom('events')
    .select('payload')
    .where('type', '=', 'expiry_digest.ready')
    .where('subject', '=', `user:${userId}`)
    .orderBy('id')
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as Record<string, unknown>);
}

const macsOf = (list: unknown) => (list as { mac: string }[]).map((entry) => entry.mac);

describe(`the daily expiry digest (${testDatabaseKind})`, () => {
  it("e-mails a reseller the week's expiring devices and yesterday's expired ones, in one message", async () => {
    const now = aDay();
    const reseller = await insertReseller(t.database);
    const soon = await deviceOf(t.database, reseller.id, at(now, 2 * DAY), { name: 'Karim' });
    const later = await deviceOf(t.database, reseller.id, at(now, 6 * DAY));
    const expired = await deviceOf(t.database, reseller.id, at(now, -12 * HOUR));
    const quiet = [
      await deviceOf(t.database, reseller.id, at(now, 8 * DAY)),
      await deviceOf(t.database, reseller.id, at(now, -8 * DAY)),
      await deviceOf(t.database, reseller.id, at(now, 3 * DAY), { plan: 'lifetime' }),
      await deviceOf(t.database, reseller.id, at(now, 3 * DAY), { plan: 'free' }),
      await deviceOf(t.database, reseller.id, at(now, 3 * DAY), { banned: true }),
    ];

    const run = await t.app.deps.expiryDigest.run(now);
    expect(run).toMatchObject({ day: now.toISOString().slice(0, 10) });
    const [digest, ...more] = await digestsOf(t.database, reseller.id);
    expect(more).toEqual([]);
    expect(digest).toMatchObject({ expiring_count: 2, expired_count: 1 });
    expect(macsOf(digest!.expiring)).toEqual([soon.mac, later.mac]);
    expect(macsOf(digest!.expired)).toEqual([expired.mac]);

    await t.app.deps.events.drain();
    const mail = await smtp.waitFor((m) => m.to.includes(reseller.email));
    expect(mail.subject).toBe(`StreamBox Player: subscriptions expiring soon (${digest!.day as string})`);
    expect(mail.text).toContain('Expiring in the next 7 days: 2');
    expect(mail.text).toContain(`- ${soon.mac} (Karim), `);
    expect(mail.text).toContain('Expired since the last digest: 1');
    expect(mail.text).toContain('https://tv.example.test/dashboard/devices?expiring=7d');
    for (const device of quiet) expect(mail.text).not.toContain(device.mac);
    expect(mail.html).toContain('<li>');

    // The bell says it too.
    const notes = await t.database.db
      .selectFrom('notifications')
      .select(['kind', 'params'])
      .where('user_id', '=', reseller.id)
      .execute();
    expect(notes.map((n) => [n.kind, JSON.parse(n.params ?? '{}')])).toEqual([
      ['expiry_digest', { expiring: 2, expired: 1 }],
    ]);
  });

  it('never lists a device twice for the same window: not the same day, not the next, not after a restart', async () => {
    const now = aDay();
    const reseller = await insertReseller(t.database);
    await deviceOf(t.database, reseller.id, at(now, 5 * DAY));
    expect(await t.app.deps.expiryDigest.run(now)).not.toBeNull();
    // The same day again, and a restarted server (a digest of its own): the day is taken.
    expect(await t.app.deps.expiryDigest.run(at(now, 3 * HOUR))).toBeNull();
    expect(
      await createExpiryDigest({ db: t.database.db, events: t.app.deps.events }).run(at(now, 4 * HOUR)),
    ).toBeNull();
    // The next day the device is still in the week, but already listed: no digest for nobody-new.
    expect(await t.app.deps.expiryDigest.run(at(now, DAY))).not.toBeNull();
    expect(await digestsOf(t.database, reseller.id)).toHaveLength(1);

    // A new device the day after is the only one in that day's digest.
    const fresh = await deviceOf(t.database, reseller.id, at(now, 6 * DAY));
    await t.app.deps.expiryDigest.run(at(now, 2 * DAY));
    const digests = await digestsOf(t.database, reseller.id);
    expect(digests).toHaveLength(2);
    expect(macsOf(digests[1]!.expiring)).toEqual([fresh.mac]);
    expect(digests[1]).toMatchObject({ expiring_count: 1, expired_count: 0 });
  });

  it('lists a device that expired once more in the expired list, and a renewed one again next time', async () => {
    const now = aDay();
    const reseller = await insertReseller(t.database);
    const device = await deviceOf(t.database, reseller.id, at(now, 3 * DAY));
    await t.app.deps.expiryDigest.run(now);
    // Four days later it has expired: the expired list has it, once.
    await t.app.deps.expiryDigest.run(at(now, 4 * DAY));
    await t.app.deps.expiryDigest.run(at(now, 5 * DAY));
    // Renewed a year: when that expiry comes near, it is listed again.
    const renewed = at(now, 368 * DAY);
    await t.database.db
      .updateTable('devices')
      .set({ expires_at: renewed })
      .where('id', '=', device.id)
      .execute();
    await t.app.deps.expiryDigest.run(at(now, 362 * DAY));
    const lists = (await digestsOf(t.database, reseller.id)).map((d) => [
      macsOf(d.expiring),
      macsOf(d.expired),
    ]);
    expect(lists).toEqual([
      [[device.mac], []],
      [[], [device.mac]],
      [[device.mac], []],
    ]);
  });

  it('writes Arabic right to left for an account that signed in in Arabic', async () => {
    const now = aDay();
    const reseller = await insertReseller(t.database);
    await t.database.db.updateTable('users').set({ language: 'ar' }).where('id', '=', reseller.id).execute();
    const device = await deviceOf(t.database, reseller.id, at(now, 2 * DAY));
    await t.app.deps.expiryDigest.run(now);
    await t.app.deps.events.drain();
    const mail = await smtp.waitFor((m) => m.to.includes(reseller.email));
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.subject).toContain('اشتراكات تنتهي قريبًا');
    expect(mail.text).toContain('تنتهي خلال الأيام السبعة القادمة: 1');
    expect(mail.text).toContain(device.mac);
  });

  it('waits for EXPIRY_DIGEST_HOUR before sending the day', async () => {
    const now = aDay();
    const digest = createExpiryDigest({ db: t.database.db, events: t.app.deps.events, fromHour: 9 });
    expect(await digest.run(now)).toBeNull();
    expect(await digest.run(at(now, HOUR))).toMatchObject({ day: now.toISOString().slice(0, 10) });
  });

  it('two instances at the same time send one digest (two connection pools on PostgreSQL)', async () => {
    const { first, second, close } = await twoInstances(t.database);
    try {
      const now = aDay();
      const owners = [await insertUser(first), await insertUser(first), await insertUser(first)];
      for (const [i, owner] of owners.entries()) {
        await deviceOf(first, owner.id, at(now, (i + 1) * DAY));
        await deviceOf(first, owner.id, at(now, -(i + 1) * HOUR));
      }
      const digestOf = (database: DatabaseHandle) =>
        createExpiryDigest({ db: database.db, events: createOutbox(database.db, [], { pollMs: 0 }) });
      const runs = await Promise.all([digestOf(first).run(now), digestOf(second).run(now)]);
      expect(runs.filter((run) => run !== null)).toHaveLength(1);
      for (const owner of owners) {
        const digests = await digestsOf(first, owner.id);
        expect(digests).toHaveLength(1);
        expect(digests[0]).toMatchObject({ expiring_count: 1, expired_count: 1 });
      }
    } finally {
      await close();
    }
  });
});

describe(`the digest opt-out: PUT /api/v1/auth/preferences (${testDatabaseKind})`, () => {
  const put = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/preferences',
      payload: payload as object,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('turns the digest off for the signed-in account only, records it, and the next run skips it', async () => {
    const now = aDay();
    const reseller = await insertReseller(t.database);
    const other = await insertReseller(t.database);
    await deviceOf(t.database, reseller.id, at(now, 2 * DAY));
    await deviceOf(t.database, other.id, at(now, 2 * DAY));
    const cookie = await signIn(t.app, reseller.email);

    const response = await put(cookie, { expiry_digest: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { expiry_digest: false } });
    const check = await t.app.inject({ method: 'POST', url: '/api/v1/auth/check', headers: { cookie } });
    expect(check.json().data.expiryDigest).toBe(false);

    await t.app.deps.expiryDigest.run(now);
    expect(await digestsOf(t.database, reseller.id)).toEqual([]);
    expect(await digestsOf(t.database, other.id)).toHaveLength(1);

    const audit = await t.database.db
      .selectFrom('audit_entries')
      .selectAll()
      .where('actor_id', '=', reseller.id)
      .where('action', '=', 'account.preferences_changed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.details).changes).toEqual({ expiry_digest: [true, false] });

    // Turned back on, the devices it did not hear about are in the next day's digest.
    expect((await put(cookie, { expiry_digest: true })).statusCode).toBe(200);
    await t.app.deps.expiryDigest.run(at(now, DAY));
    expect(await digestsOf(t.database, reseller.id)).toHaveLength(1);
  });

  it('setting the value it already has changes nothing and records nothing', async () => {
    const reseller = await insertReseller(t.database);
    const cookie = await signIn(t.app, reseller.email);
    expect((await put(cookie, { expiry_digest: true })).statusCode).toBe(200);
    const audit = await t.database.db
      .selectFrom('audit_entries')
      .select('id')
      .where('actor_id', '=', reseller.id)
      .where('action', '=', 'account.preferences_changed')
      .execute();
    expect(audit).toEqual([]);
  });

  it('refuses no session (401) and bad input (400, never 500)', async () => {
    expect((await put(undefined, { expiry_digest: false })).statusCode).toBe(401);
    const reseller = await insertReseller(t.database);
    const cookie = await signIn(t.app, reseller.email);
    for (const payload of [
      {},
      { expiry_digest: 'no' },
      { expiry_digest: false, has_two_factor: false },
      [],
    ]) {
      expect((await put(cookie, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe(`"expiring in 7 days": the dashboard's count and the list's filter (${testDatabaseKind})`, () => {
  it('count and list the same devices: an expiring plan, not banned, ending within the week', async () => {
    const reseller = await insertReseller(t.database);
    const now = new Date();
    const expiring = [
      await deviceOf(t.database, reseller.id, at(now, 2 * DAY)),
      await deviceOf(t.database, reseller.id, at(now, 6 * DAY)),
    ];
    await deviceOf(t.database, reseller.id, at(now, 8 * DAY));
    await deviceOf(t.database, reseller.id, at(now, -HOUR));
    await deviceOf(t.database, reseller.id, at(now, 2 * DAY), { plan: 'lifetime' });
    await deviceOf(t.database, reseller.id, at(now, 2 * DAY), { banned: true });
    const cookie = await signIn(t.app, reseller.email);
    const dashboard = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dashboard?user=${reseller.id}`,
      headers: { cookie },
    });
    expect(dashboard.json().data.expiringSoonCount).toBe(2);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/device/reseller/${reseller.id}?expiring=7d`,
      headers: { cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .data.map((d: { mac: string }) => d.mac)
        .sort(),
    ).toEqual(expiring.map((d) => d.mac).sort());
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/device/reseller/${reseller.id}?expiring=30d`,
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
  });
});
