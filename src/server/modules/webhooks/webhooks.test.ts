import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWebhookSettings } from '../../config';
import type { UserRow } from '../../db/schema';
import {
  call,
  createTestApp,
  insertReseller,
  signIn,
  testDatabaseKind,
  type TestAppWithAdmin,
} from '../../test/test-app';
import { startReceiver, verifyWebhook } from '../../test/webhook-receiver';

let t: TestAppWithAdmin;
let owner: UserRow;
let ownerCookie: string;
let otherCookie: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  // Local receivers on 127.0.0.1 need the explicit setting; production refuses them.
  t = await createTestApp({
    withAdmin: true,
    config: { webhooks: { ...defaultWebhookSettings, allowPrivate: true, allowHttp: true, pollMs: 0 } },
  });
  owner = await insertReseller(t.database);
  ownerCookie = await signIn(t.app, owner.email);
  otherCookie = await signIn(t.app, (await insertReseller(t.database)).email);
  receiver = await startReceiver([200]);
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const hooks = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, ...(payload ? { payload } : {}) });

async function createEndpoint(
  cookie = ownerCookie,
  body: object = { url: receiver.url, events: ['device.banned'] },
) {
  const response = await hooks('POST', '/webhooks', cookie, body);
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; secret: string; url: string };
}

async function deliverAll() {
  await t.app.deps.events.drain();
  await t.app.deps.webhookDelivery.drain();
}

describe(`webhook endpoints (${testDatabaseKind})`, () => {
  it('shows the secret once, lists the endpoint without it, and a test event arrives signed', async () => {
    const created = await createEndpoint(ownerCookie, {
      url: receiver.url,
      events: ['device.activated', 'credits.changed'],
    });
    // Standard Webhooks' secret form: whsec_ and base64 of 32 random bytes.
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await hooks('GET', '/webhooks', ownerCookie);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.json().data.find((e: { id: number }) => e.id === created.id)).toMatchObject({
      url: receiver.url,
      events: ['device.activated', 'credits.changed'],
      enabled: true,
      disabled_at: null,
    });

    const test = await hooks('POST', `/webhooks/${created.id}/test`, ownerCookie);
    expect(test.statusCode).toBe(202);
    expect(test.json().data).toMatchObject({ type: 'webhook.test', state: 'pending', attempts: 0 });
    await deliverAll();
    const message = receiver.received.find((r) => r.headers['webhook-id'] === test.json().data.message_id);
    expect(message).toBeDefined();
    expect(verifyWebhook(created.secret, message!)).toMatchObject({
      type: 'webhook.test',
      data: { endpoint_id: created.id },
    });

    const deliveries = await hooks('GET', `/webhooks/${created.id}/deliveries`, ownerCookie);
    expect(deliveries.statusCode).toBe(200);
    const [delivery] = deliveries.json().data;
    expect(delivery).toMatchObject({
      type: 'webhook.test',
      state: 'delivered',
      attempts: 1,
      response_status: 200,
      next_attempt_at: null,
      last_error: null,
    });
    expect(delivery.latency_ms).toBeGreaterThanOrEqual(0);

    // Resend: the same message again, under the same webhook-id.
    const resent = await hooks(
      'POST',
      `/webhooks/${created.id}/deliveries/${delivery.id}/resend`,
      ownerCookie,
    );
    expect(resent.statusCode).toBe(202);
    await deliverAll();
    const copies = receiver.received.filter((r) => r.headers['webhook-id'] === delivery.message_id);
    expect(copies).toHaveLength(2);
    expect(copies[1]!.body).toBe(copies[0]!.body);
  });

  it("records a resend in the audit log: the owner, from its address, the endpoint and the delivery's event; never the secret", async () => {
    const created = await createEndpoint();
    const test = await hooks('POST', `/webhooks/${created.id}/test`, ownerCookie);
    const deliveryId = test.json().data.id as number;
    const resent = await call(t.app, {
      method: 'POST',
      url: `/api/v1/webhooks/${created.id}/deliveries/${deliveryId}/resend`,
      cookie: ownerCookie,
      remoteAddress: '203.0.113.40',
    });
    expect(resent.statusCode).toBe(202);
    const log = await call(t.app, {
      method: 'GET',
      url: `/api/v1/audit?action=webhook.delivery_resent&target=webhook:${created.id}`,
      cookie: t.adminCookie,
    });
    expect(log.json().data).toMatchObject([
      {
        actor: { id: owner.id, label: owner.name, role: 'reseller', api_key: null, ip: '203.0.113.40' },
        action: 'webhook.delivery_resent',
        target: `webhook:${created.id}`,
        target_label: created.url,
        details: {
          endpoint_id: created.id,
          delivery_id: deliveryId,
          target_name: created.url,
          event: 'webhook.test',
        },
      },
    ]);
    expect(log.body).not.toContain(created.secret);
  });

  it('answers 401 without a session, on every call', async () => {
    const calls = [
      hooks('GET', '/webhooks'),
      hooks('POST', '/webhooks', undefined, { url: receiver.url, events: ['device.banned'] }),
      hooks('DELETE', '/webhooks/1'),
      hooks('GET', '/webhooks/1/deliveries'),
      hooks('POST', '/webhooks/1/deliveries/1/resend'),
      hooks('POST', '/webhooks/1/test'),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(401);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ url: '', events: ['device.banned'] }, 'url'],
      [{ url: 'ftp://example.com/hook', events: ['device.banned'] }, 'url'],
      [{ url: 'not a url', events: ['device.banned'] }, 'url'],
      [{ url: receiver.url, events: [] }, 'events'],
      [{ url: receiver.url, events: ['device.deleted'] }, 'events.0'],
      [{ url: receiver.url, events: ['device.banned', 'device.banned'] }, 'events'],
      [{ url: receiver.url }, 'events'],
      [{ url: receiver.url, events: ['device.banned'], secret: 'mine' }, 'secret'],
    ];
    for (const [body, field] of cases) {
      const response = await hooks('POST', '/webhooks', ownerCookie, body);
      expect({
        body,
        status: response.statusCode,
        code: response.json().code,
        field: response.json().field,
      }).toEqual({ body, status: 400, code: 'invalid_input', field });
    }
    for (const url of ['/webhooks/abc', '/webhooks/abc/deliveries']) {
      const response = await hooks(url.endsWith('deliveries') ? 'GET' : 'DELETE', url, ownerCookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('id');
    }
    const resend = await hooks('POST', '/webhooks/1/deliveries/x/resend', ownerCookie);
    expect(resend.statusCode).toBe(400);
    expect(resend.json().field).toBe('deliveryId');
  });

  it('keeps registration.created for admins (403 for a reseller)', async () => {
    const refused = await hooks('POST', '/webhooks', ownerCookie, {
      url: receiver.url,
      events: ['registration.created'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    await createEndpoint(t.adminCookie, { url: receiver.url, events: ['registration.created'] });
  });

  it("answers 404 for another account's endpoint and delivery, and lists only one's own", async () => {
    const mine = await createEndpoint();
    const test = await hooks('POST', `/webhooks/${mine.id}/test`, ownerCookie);
    const deliveryId = test.json().data.id as number;
    const others = await hooks('GET', '/webhooks', otherCookie);
    expect(others.json().data.map((e: { id: number }) => e.id)).not.toContain(mine.id);
    for (const response of [
      await hooks('GET', `/webhooks/${mine.id}/deliveries`, otherCookie),
      await hooks('POST', `/webhooks/${mine.id}/test`, otherCookie),
      await hooks('POST', `/webhooks/${mine.id}/deliveries/${deliveryId}/resend`, otherCookie),
      await hooks('DELETE', `/webhooks/${mine.id}`, otherCookie),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    // Another endpoint's delivery under one's own endpoint is not found either.
    const theirs = await createEndpoint(otherCookie);
    const resend = await hooks('POST', `/webhooks/${theirs.id}/deliveries/${deliveryId}/resend`, otherCookie);
    expect(resend.statusCode).toBe(404);
    // The owner still has it; deleting removes it and its log.
    expect((await hooks('DELETE', `/webhooks/${mine.id}`, ownerCookie)).statusCode).toBe(200);
    expect((await hooks('GET', `/webhooks/${mine.id}/deliveries`, ownerCookie)).statusCode).toBe(404);
  });

  it('holds at most 10 endpoints per account (409 limit_reached)', async () => {
    const user = await insertReseller(t.database);
    const cookie = await signIn(t.app, user.email);
    for (let i = 0; i < 10; i += 1) await createEndpoint(cookie);
    const over = await hooks('POST', '/webhooks', cookie, { url: receiver.url, events: ['device.banned'] });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('limit_reached');
  });
});

describe('endpoint addresses without WEBHOOKS_ALLOW_PRIVATE (server-side request forgery)', () => {
  it('refuses http, private, loopback and link-local addresses, also behind a name', async () => {
    const strict = await createTestApp({ withAdmin: true });
    try {
      for (const url of [
        'http://example.com/hook',
        receiver.url,
        'https://127.0.0.1/hook',
        'https://10.1.2.3/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/hook',
        'https://localhost/hook',
      ]) {
        const response = await call(strict.app, {
          method: 'POST',
          url: '/api/v1/webhooks',
          cookie: strict.adminCookie,
          payload: { url, events: ['device.banned'] },
        });
        expect({
          url,
          status: response.statusCode,
          code: response.json().code,
          field: response.json().field,
        }).toEqual({
          url,
          status: 400,
          code: 'url_not_allowed',
          field: 'url',
        });
      }
    } finally {
      await strict.close();
    }
  });
});
