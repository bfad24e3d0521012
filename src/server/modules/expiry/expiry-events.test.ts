import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db';
import {
  createTestApp,
  insertReseller,
  registerDevice,
  testDatabaseKind,
  type TestApp,
  twoInstances,
  uniqueMac,
} from '../../test/test-app';
import { createOutbox } from '../events/outbox';
import { createExpiryScanner } from './expiry-scanner';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Plan = 'free' | 'year' | 'lifetime';

/** A registered device set to `plan`, expiring `inMs` from `now` (null: never), owned by `ownerId`. */
async function deviceExpiring(
  database: DatabaseHandle,
  inMs: number | null,
  fields: { plan?: Plan; ownerId?: number | null; banned?: boolean; now?: Date } = {},
) {
  const { mac } = await registerDevice(t.app);
  const now = fields.now ?? new Date();
  const plan = fields.plan ?? 'year';
  return database.db
    .updateTable('devices')
    .set({
      payment_type: plan,
      is_paid: plan !== 'free',
      expires_at: inMs === null ? null : new Date(now.getTime() + inMs),
      owner_id: fields.ownerId ?? null,
      is_banned: fields.banned ?? false,
    })
    .where('mac', '=', mac)
    .returning(['id', 'mac', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** The expiry events recorded about a device, oldest first, with their payloads parsed. */
async function expiryEventsOf(database: DatabaseHandle, deviceId: number) {
  const rows = await database.db
    .selectFrom('events')
    .select(['type', 'actor_id', 'payload'])
    .where('subject', '=', `device:${deviceId}`)
    .where('type', 'in', ['device.expiring', 'device.expired'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    type: row.type,
    actorId: row.actor_id,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
  }));
}

const windowsOf = (events: { type: string; payload: Record<string, unknown> }[]) =>
  events.map((event) => (event.type === 'device.expired' ? 'expired' : event.payload.window));

describe(`expiry events (${testDatabaseKind})`, () => {
  it('announces a device 6 days from expiry once, with the 7d window, however often it scans', async () => {
    const owner = await insertReseller(t.database);
    const device = await deviceExpiring(t.database, 6 * DAY, { ownerId: owner.id });
    const now = new Date();
    await t.app.deps.expiry.scan(now);
    await t.app.deps.expiry.scan(new Date(now.getTime() + 10 * 60_000));
    // A restarted server (a scanner of its own) does not announce it again either.
    await createExpiryScanner({ db: t.database.db, events: t.app.deps.events }).scan(now);

    expect(await expiryEventsOf(t.database, device.id)).toEqual([
      {
        type: 'device.expiring',
        actorId: null,
        payload: {
          device_id: device.id,
          mac: device.mac,
          owner_id: owner.id,
          plan: 'year',
          expires_at: device.expires_at!.toISOString(),
          window: '7d',
        },
      },
    ]);
  });

  it('announces the 1d window a day before, and the expiry once it has passed', async () => {
    const soon = await deviceExpiring(t.database, 20 * HOUR);
    const past = await deviceExpiring(t.database, -2 * HOUR);
    await t.app.deps.expiry.scan();
    await t.app.deps.expiry.scan();
    expect(windowsOf(await expiryEventsOf(t.database, soon.id))).toEqual(['1d']);
    const expired = await expiryEventsOf(t.database, past.id);
    expect(expired).toEqual([
      {
        type: 'device.expired',
        actorId: null,
        payload: {
          device_id: past.id,
          mac: past.mac,
          owner_id: null,
          plan: 'year',
          expires_at: past.expires_at!.toISOString(),
        },
      },
    ]);
  });

  it('follows a subscription through its windows: 7d, then 1d, then expired, each once', async () => {
    const start = new Date();
    const device = await deviceExpiring(t.database, 8 * DAY, { now: start });
    for (const day of [0, 2, 3, 7.5, 7.6, 8.5, 9]) {
      await t.app.deps.expiry.scan(new Date(start.getTime() + day * DAY));
    }
    expect(windowsOf(await expiryEventsOf(t.database, device.id))).toEqual(['7d', '1d', 'expired']);
  });

  it('announces a renewed subscription again, for its new expiry date', async () => {
    const now = new Date();
    const device = await deviceExpiring(t.database, 6 * DAY, { now });
    await t.app.deps.expiry.scan(now);
    const renewed = new Date(device.expires_at!.getTime() + 365 * DAY);
    await t.database.db
      .updateTable('devices')
      .set({ expires_at: renewed })
      .where('id', '=', device.id)
      .execute();
    await t.app.deps.expiry.scan(now);
    expect(windowsOf(await expiryEventsOf(t.database, device.id))).toEqual(['7d']);

    await t.app.deps.expiry.scan(new Date(now.getTime() + 365 * DAY));
    const events = await expiryEventsOf(t.database, device.id);
    expect(windowsOf(events)).toEqual(['7d', '7d']);
    expect(events[1]!.payload.expires_at).toBe(renewed.toISOString());
  });

  it('never announces lifetime devices, trials, banned devices or expiries older than a week', async () => {
    const quiet = [
      await deviceExpiring(t.database, null, { plan: 'lifetime' }),
      // A lifetime device with a date left over from its previous plan.
      await deviceExpiring(t.database, 3 * DAY, { plan: 'lifetime' }),
      await deviceExpiring(t.database, 3 * DAY, { plan: 'free' }),
      await deviceExpiring(t.database, 3 * DAY, { banned: true }),
      await deviceExpiring(t.database, -30 * DAY),
    ];
    const now = new Date();
    for (const day of [0, 1, 2, 3, 4, 10]) await t.app.deps.expiry.scan(new Date(now.getTime() + day * DAY));
    for (const device of quiet) expect(await expiryEventsOf(t.database, device.id)).toEqual([]);
  });

  it('reads in batches: every device of a long window is announced once', async () => {
    const scanner = createExpiryScanner({ db: t.database.db, events: t.app.deps.events, batchSize: 3 });
    const now = new Date();
    // Equal expiry dates too, so the batches' position needs the id as well as the date.
    const devices = [];
    for (let i = 0; i < 10; i += 1)
      devices.push(await deviceExpiring(t.database, (2 + (i % 4)) * DAY, { now }));
    const counts = await scanner.scan(now);
    expect(counts['7d']).toBeGreaterThanOrEqual(10);
    for (const device of devices)
      expect(windowsOf(await expiryEventsOf(t.database, device.id))).toEqual(['7d']);
  });

  it('two scanners at the same time announce each device once (two connection pools on PostgreSQL)', async () => {
    const { first, second, close } = await twoInstances(t.database);
    try {
      const now = new Date();
      const ids: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        const mac = uniqueMac();
        // Inserted directly: the second database (PostgreSQL) has no app to register through.
        const row = await first.db
          .insertInto('devices')
          .values({
            mac,
            mac_hex: mac.replace(/:/g, ''),
            device_key: `key-${i}`,
            payment_type: 'year',
            is_paid: true,
            expires_at: new Date(now.getTime() + [6 * DAY, 12 * HOUR, -3 * HOUR][i % 3]!),
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      const scannerOf = (database: DatabaseHandle) =>
        createExpiryScanner({
          db: database.db,
          events: createOutbox(database.db, [], { pollMs: 0 }),
          batchSize: 4,
        });
      const [a, b] = [scannerOf(first), scannerOf(second)];
      await Promise.all([a.scan(now), b.scan(now), a.scan(now), b.scan(now)]);
      for (const id of ids) expect((await expiryEventsOf(first, id)).length).toBe(1);
    } finally {
      await close();
    }
  });

  it('runs on its own inside the server when EXPIRY_SCAN_INTERVAL_MS is set, and stops with it', async () => {
    const running = await createTestApp({ config: { expiryScanIntervalMs: 50 } });
    try {
      const { mac } = await registerDevice(running.app);
      const device = await running.database.db
        .updateTable('devices')
        .set({ payment_type: 'year', is_paid: true, expires_at: new Date(Date.now() + 3 * DAY) })
        .where('mac', '=', mac)
        .returning('id')
        .executeTakeFirstOrThrow();
      // The same timer forgets guessing counts whose window ended over a day ago.
      const ended = `test:ended:${mac}`;
      await running.database.db
        .insertInto('attempt_counters')
        .values({
          key: ended,
          failures: 4,
          window_started_at: new Date(Date.now() - 2 * DAY),
          locked_until_at: null,
        })
        .execute();
      await expect
        .poll(async () => windowsOf(await expiryEventsOf(running.database, device.id)), { timeout: 5000 })
        .toEqual(['7d']);
      await expect
        .poll(
          async () =>
            (
              await running.database.db
                .selectFrom('attempt_counters')
                .select('key')
                .where('key', '=', ended)
                .execute()
            ).length,
          { timeout: 5000 },
        )
        .toBe(0);
    } finally {
      await running.close();
    }
  });
});
