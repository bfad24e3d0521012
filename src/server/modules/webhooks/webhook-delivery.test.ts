import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type AppConfig, defaultWebhookSettings, type WebhookSettings } from '../../config';
import { type DatabaseHandle, openDatabase } from '../../db';
import { migrateToLatest } from '../../db/migrate';
import type { UserRow } from '../../db/schema';
import {
  call,
  createPostgresTestDatabase,
  createTestApp,
  insertReseller,
  registerDevice,
  signIn,
  testConfig,
  testDatabaseKind,
  type TestAppWithAdmin,
} from '../../test/test-app';
import { eventually } from '../../test/wait';
import { startReceiver, verifyWebhook } from '../../test/webhook-receiver';

/** Local receivers allowed, short waits: retries 150 ms doubling, 4 attempts. */
const settings = (more: Partial<WebhookSettings> = {}): WebhookSettings => ({
  ...defaultWebhookSettings,
  allowPrivate: true,
  allowHttp: true,
  pollMs: 0,
  retryBaseMs: 150,
  maxAttempts: 4,
  ...more,
});
const configWith = (more: Partial<WebhookSettings> = {}): AppConfig => ({
  ...testConfig(),
  webhooks: settings(more),
});

let t: TestAppWithAdmin;
beforeAll(async () => {
  t = await createTestApp({ withAdmin: true, config: { webhooks: settings() } });
});
afterAll(() => t.close());

type App = TestAppWithAdmin['app'];
const post = (app: App, url: string, cookie: string, payload?: object) =>
  call(app, { method: 'POST', url: `/api/v1${url}`, cookie, ...(payload ? { payload } : {}) });

async function addEndpoint(app: App, cookie: string, url: string, events: string[]) {
  const response = await post(app, '/webhooks', cookie, { url, events });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; secret: string };
}

async function deliverAll(app: App = t.app) {
  await app.deps.events.drain();
  await app.deps.webhookDelivery.drain();
}

async function deliveriesOf(app: App, cookie: string, endpointId: number) {
  const response = await call(app, {
    method: 'GET',
    url: `/api/v1/webhooks/${endpointId}/deliveries`,
    cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    state: string;
    attempts: number;
    response_status: number | null;
    last_error: string | null;
    message_id: string;
  }[];
}

/** An admin's credit top-up: a credits.changed event for the reseller, through the real API. */
async function giveCredits(app: App, reseller: UserRow, credits = 5) {
  const response = await post(app, '/transactions/credit_admin', t.adminCookie, {
    resellerId: reseller.id,
    credits,
    type: 'add',
    user: t.admin.id,
  });
  expect(response.statusCode).toBe(200);
}

async function deviceOwnedBy(userId: number) {
  const { mac } = await registerDevice(t.app);
  return t.database.db
    .updateTable('devices')
    .set({ owner_id: userId })
    .where('mac', '=', mac)
    .returning(['id', 'mac'])
    .executeTakeFirstOrThrow();
}

describe(`webhook deliveries (${testDatabaseKind})`, () => {
  it("sends device.banned to the device's owner and the admins, never to another reseller", async () => {
    const receiver = await startReceiver();
    try {
      const [reseller, stranger] = [await insertReseller(t.database), await insertReseller(t.database)];
      const own = await addEndpoint(t.app, await signIn(t.app, reseller.email), receiver.url, [
        'device.banned',
      ]);
      const strangers = await addEndpoint(
        t.app,
        await signIn(t.app, stranger.email),
        `${receiver.url}?stranger`,
        ['device.banned', 'credits.changed'],
      );
      const admins = await addEndpoint(t.app, t.adminCookie, `${receiver.url}?admin`, ['device.banned']);
      const device = await deviceOwnedBy(reseller.id);
      const ban = await call(t.app, {
        method: 'PUT',
        url: `/api/v1/device/toggleBan/${device.id}`,
        cookie: t.adminCookie,
      });
      expect(ban.statusCode).toBe(200);
      await giveCredits(t.app, reseller);
      await deliverAll();

      const to = (suffix: string) => receiver.received.filter((r) => r.path === `/hook${suffix}`);
      expect(to('')).toHaveLength(1);
      expect(verifyWebhook(own.secret, to('')[0]!)).toMatchObject({
        type: 'device.banned',
        data: { device_id: device.id, mac: device.mac, owner_id: reseller.id },
      });
      expect(to('?admin')).toHaveLength(1);
      expect(verifyWebhook(admins.secret, to('?admin')[0]!)).toMatchObject({ type: 'device.banned' });
      expect(to('?stranger')).toEqual([]);
      expect(strangers.id).toBeGreaterThan(0);
    } finally {
      await receiver.close();
    }
  });

  it("sends nothing to a banned account's endpoints, its own events included; the admins still hear them", async () => {
    const receiver = await startReceiver();
    try {
      const reseller = await insertReseller(t.database);
      await addEndpoint(t.app, await signIn(t.app, reseller.email), `${receiver.url}?banned`, [
        'device.banned',
      ]);
      const admins = await addEndpoint(t.app, t.adminCookie, `${receiver.url}?admin2`, ['device.banned']);
      const device = await deviceOwnedBy(reseller.id);
      await t.database.db
        .updateTable('users')
        .set({ is_banned: true })
        .where('id', '=', reseller.id)
        .execute();
      const ban = await call(t.app, {
        method: 'PUT',
        url: `/api/v1/device/toggleBan/${device.id}`,
        cookie: t.adminCookie,
      });
      expect(ban.statusCode).toBe(200);
      await deliverAll();

      const to = (suffix: string) => receiver.received.filter((r) => r.path === `/hook${suffix}`);
      expect(to('?banned')).toEqual([]);
      expect(to('?admin2')).toHaveLength(1);
      expect(verifyWebhook(admins.secret, to('?admin2')[0]!)).toMatchObject({
        type: 'device.banned',
        data: { device_id: device.id, owner_id: reseller.id },
      });
    } finally {
      await receiver.close();
    }
  });

  it("a reseller's script: an API key activates a customer's MAC and the endpoint gets device.activated, signed", async () => {
    const receiver = await startReceiver();
    try {
      // What the reference page documents, in order: a key and an endpoint made on the panel…
      const reseller = await insertReseller(t.database, { credits: 3 });
      const cookie = await signIn(t.app, reseller.email);
      const key = await post(t.app, '/api-keys', cookie, { name: 'shop', scopes: ['devices:activate'] });
      expect(key.statusCode).toBe(201);
      const endpoint = await addEndpoint(t.app, cookie, receiver.url, ['device.activated']);
      // …then the script's one call, with the customer's MAC (any spelling) and the key the TV shows.
      const { mac, key: deviceKey } = await registerDevice(t.app);
      const activation = await t.app.inject({
        method: 'POST',
        url: `/api/reseller/v1/devices/${mac.replace(/:/g, '-').toLowerCase()}/activation`,
        headers: { authorization: `Bearer ${key.json().data.secret as string}` },
        payload: { plan: 'year', client_name: 'Ada Lovelace', device_key: deviceKey },
      });
      expect(activation.statusCode).toBe(200);
      expect(activation.json()).toMatchObject({ data: { mac, paid: true }, credits_left: 2 });
      await deliverAll();

      expect(receiver.received).toHaveLength(1);
      expect(verifyWebhook(endpoint.secret, receiver.received[0]!)).toMatchObject({
        type: 'device.activated',
        data: { mac, plan: 'year', owner_id: reseller.id },
      });
    } finally {
      await receiver.close();
    }
  });

  it('sends nothing for a change that rolled back', async () => {
    const receiver = await startReceiver();
    try {
      const reseller = await insertReseller(t.database);
      await addEndpoint(t.app, await signIn(t.app, reseller.email), receiver.url, ['credits.changed']);
      await expect(
        t.database.db.transaction().execute(async (trx) => {
          await t.app.deps.events.record(trx, {
            type: 'credits.changed',
            actorId: t.admin.id,
            subject: `user:${reseller.id}`,
            payload: { user_id: reseller.id, change: 5, balance: 5, reason: 'admin_add' },
          });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await deliverAll();
      expect(receiver.received).toEqual([]);
      await giveCredits(t.app, reseller);
      await deliverAll();
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('retries with spaced backoff: a receiver that answers 500 twice gets the event on the third attempt', async () => {
    const receiver = await startReceiver([500, 500, 200]);
    try {
      const reseller = await insertReseller(t.database);
      const cookie = await signIn(t.app, reseller.email);
      const endpoint = await addEndpoint(t.app, cookie, receiver.url, ['credits.changed']);
      await giveCredits(t.app, reseller);
      await eventually(async () => {
        await deliverAll();
        return receiver.received.length === 3;
      }, 10_000);
      const [first, second, third] = receiver.received;
      // Exponential: 150 ms after the first failure, 300 ms after the second.
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(140);
      expect(third!.at - second!.at).toBeGreaterThanOrEqual(290);
      // One message: the same webhook-id on every attempt, each validly signed.
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      for (const message of receiver.received) verifyWebhook(endpoint.secret, message);
      const [delivery] = await deliveriesOf(t.app, cookie, endpoint.id);
      expect(delivery).toMatchObject({
        state: 'delivered',
        attempts: 3,
        response_status: 200,
        last_error: null,
      });
    } finally {
      await receiver.close();
    }
  });

  it('counts a redirect as a failure and does not follow it; gives up after maxAttempts', async () => {
    const receiver = await startReceiver([302]);
    try {
      const reseller = await insertReseller(t.database);
      const cookie = await signIn(t.app, reseller.email);
      const endpoint = await addEndpoint(t.app, cookie, receiver.url, ['credits.changed']);
      await giveCredits(t.app, reseller);
      await deliverAll();
      expect((await deliveriesOf(t.app, cookie, endpoint.id))[0]).toMatchObject({
        state: 'pending',
        attempts: 1,
        response_status: 302,
        last_error: 'Redirect not followed',
      });
      await eventually(async () => {
        await deliverAll();
        return (await deliveriesOf(t.app, cookie, endpoint.id))[0]!.state === 'failed';
      }, 10_000);
      expect((await deliveriesOf(t.app, cookie, endpoint.id))[0]).toMatchObject({ attempts: 4 });
      expect(receiver.received.map((r) => r.path)).toEqual(['/hook', '/hook', '/hook', '/hook']);
    } finally {
      await receiver.close();
    }
  });

  it('disables an endpoint that fails for too long and notifies its owner', async () => {
    const app = await buildApp(configWith({ disableAfterMs: 300, retryBaseMs: 60_000 }), {
      database: t.database,
      logger: false,
    });
    await app.ready();
    const receiver = await startReceiver([500]);
    try {
      const reseller = await insertReseller(t.database);
      const cookie = await signIn(app, reseller.email);
      const endpoint = await addEndpoint(app, cookie, receiver.url, ['credits.changed']);
      await post(app, `/webhooks/${endpoint.id}/test`, cookie);
      await deliverAll(app);
      await new Promise((resolve) => setTimeout(resolve, 350));
      await post(app, `/webhooks/${endpoint.id}/test`, cookie);
      await deliverAll(app);
      await deliverAll(app);

      const list = await call(app, { method: 'GET', url: '/api/v1/webhooks', cookie });
      expect(list.json().data[0]).toMatchObject({ id: endpoint.id, enabled: false });
      expect(list.json().data[0].disabled_at).not.toBeNull();
      // Its first delivery, still waiting for a retry, is given up with it.
      const states = (await deliveriesOf(app, cookie, endpoint.id)).map((d) => d.state);
      expect(states).toEqual(['failed', 'failed']);
      const notifications = await t.database.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', reseller.id)
        .execute();
      expect(notifications.map((n) => n.kind)).toEqual(['webhook_disabled']);
      // Nothing more is sent to it, and a test is refused.
      expect((await post(app, `/webhooks/${endpoint.id}/test`, cookie)).json().code).toBe(
        'endpoint_disabled',
      );
      await giveCredits(app, reseller);
      await deliverAll(app);
      expect(receiver.received).toHaveLength(2);
    } finally {
      await receiver.close();
      await app.close();
    }
  });

  it('a process stopped between commit and delivery delivers after restart', async () => {
    const receiver = await startReceiver();
    try {
      const reseller = await insertReseller(t.database);
      await addEndpoint(t.app, await signIn(t.app, reseller.email), receiver.url, ['credits.changed']);
      // This file's own server must not deliver either.
      await t.app.deps.events.stop();
      await t.app.deps.webhookDelivery.stop();
      const first = await buildApp(configWith(), { database: t.database, logger: false });
      await first.ready();
      await Promise.all([first.deps.events.stop(), first.deps.webhookDelivery.stop()]);
      await giveCredits(first, reseller, 1);
      await first.close();
      expect(receiver.received).toEqual([]);

      const second = await buildApp(configWith(), { database: t.database, logger: false });
      await second.ready();
      await deliverAll(second);
      await second.close();
      expect(receiver.received).toHaveLength(1);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
        type: 'credits.changed',
        data: { user_id: reseller.id, change: 1 },
      });
    } finally {
      t.app.deps.events.start();
      t.app.deps.webhookDelivery.start();
      await receiver.close();
    }
  });
});

describe(`two instances on one database (${testDatabaseKind})`, () => {
  it('deliver each event once', async () => {
    const receiver = await startReceiver();
    // Two pools (two instances) on PostgreSQL; on SQLite, two servers over the one database.
    let handles: DatabaseHandle[] = [t.database, t.database];
    let drop = async () => {};
    if (testDatabaseKind === 'postgres') {
      const created = await createPostgresTestDatabase();
      drop = created.drop;
      handles = [0, 1].map(() => openDatabase({ kind: 'postgres', url: created.url, poolSize: 5 }));
      await migrateToLatest(handles[0]!);
    }
    const apps = await Promise.all(
      handles.map(async (database) => {
        const app = await buildApp(configWith(), { database, logger: false });
        await app.ready();
        await Promise.all([app.deps.events.stop(), app.deps.webhookDelivery.stop()]);
        return app;
      }),
    );
    try {
      const [a, b] = apps as [App, App];
      const admin = await insertReseller(handles[0]!);
      await handles[0]!.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
      const cookie = await signIn(a, admin.email);
      await addEndpoint(a, cookie, receiver.url, ['credits.changed']);
      const reseller = await insertReseller(handles[0]!);
      for (let n = 0; n < 30; n += 1) {
        const response = await post(a, '/transactions/credit_admin', cookie, {
          resellerId: reseller.id,
          credits: 1,
          type: 'add',
          user: admin.id,
        });
        expect(response.statusCode).toBe(200);
      }
      await Promise.all([a.deps.events.drain(), b.deps.events.drain()]);
      await Promise.all([
        a.deps.webhookDelivery.drain(),
        b.deps.webhookDelivery.drain(),
        a.deps.webhookDelivery.drain(),
        b.deps.webhookDelivery.drain(),
      ]);
      const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
      expect(ids).toHaveLength(30);
      expect(new Set(ids).size).toBe(30);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      if (testDatabaseKind === 'postgres') {
        await Promise.all(handles.map((handle) => handle.destroy()));
        await drop();
      }
      await receiver.close();
    }
  });
});
