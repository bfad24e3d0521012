import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  insertReseller,
  registerDevice,
  signIn,
  testDatabaseKind,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function reseller(credits: number) {
  const user = await insertReseller(t.database, { credits });
  return { user, cookie: await signIn(t.app, user.email) };
}

async function freeDeviceId(): Promise<number> {
  const { mac } = await registerDevice(t.app);
  const row = await t.database.db
    .selectFrom('devices')
    .select('id')
    .where('mac', '=', mac)
    .executeTakeFirstOrThrow();
  return row.id;
}

function activate(cookie: string, body: object, key?: string) {
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/device/updatepayment',
    cookie,
    payload: body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
}

async function balanceOf(userId: number): Promise<number> {
  const row = await t.database.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.credits;
}

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer (Idempotent-Replayed) and charges once', async () => {
    const { user, cookie } = await reseller(5);
    const body = { user_id: user.id, plan: 'year', mac: await freeDeviceId() };
    const first = await activate(cookie, body, 'order-1001');
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await activate(cookie, body, 'order-1001');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await balanceOf(user.id)).toBe(4);
  });

  it('without a key, the same request twice is two requests (what a double click did before)', async () => {
    const { user, cookie } = await reseller(5);
    const body = { user_id: user.id, plan: 'year', mac: await freeDeviceId() };
    expect((await activate(cookie, body)).statusCode).toBe(200);
    expect((await activate(cookie, body)).statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(3);
  });

  it('refuses the same key with another request (422) and changes nothing', async () => {
    const { user, cookie } = await reseller(5);
    const body = { user_id: user.id, plan: 'year', mac: await freeDeviceId() };
    expect((await activate(cookie, body, 'k-422')).statusCode).toBe(200);
    const other = await activate(cookie, { ...body, plan: 'lifetime' }, 'k-422');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');
    expect(await balanceOf(user.id)).toBe(4);
  });

  it(`charges once for 50 parallel requests with one key (${testDatabaseKind})`, async () => {
    const { user, cookie } = await reseller(5);
    const body = { user_id: user.id, plan: 'year', mac: await freeDeviceId() };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => activate(cookie, body, 'double-click')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // The first runs; the others are told it still runs (409) or, once it is done, get its answer.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().code).toBe('request_in_progress');
    }
    expect(await balanceOf(user.id)).toBe(4);
  });

  it(`charges exactly 5 for 50 parallel activations with 50 keys on 5 credits (${testDatabaseKind})`, async () => {
    const { user, cookie } = await reseller(5);
    const devices = await Promise.all(Array.from({ length: 50 }, () => freeDeviceId()));
    const answers = await Promise.all(
      devices.map((mac, index) => activate(cookie, { user_id: user.id, plan: 'year', mac }, `key-${index}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 402)).toHaveLength(45);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("keeps each caller's keys apart", async () => {
    const a = await reseller(5);
    const b = await reseller(5);
    expect(
      (await activate(a.cookie, { user_id: a.user.id, plan: 'year', mac: await freeDeviceId() }, 'same'))
        .statusCode,
    ).toBe(200);
    const other = await activate(
      b.cookie,
      { user_id: b.user.id, plan: 'year', mac: await freeDeviceId() },
      'same',
    );
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await balanceOf(b.user.id)).toBe(4);
  });

  it('replays a refusal too: the retry of a 402 is the same 402, even after a top-up', async () => {
    const { user, cookie } = await reseller(0);
    const body = { user_id: user.id, plan: 'year', mac: await freeDeviceId() };
    expect((await activate(cookie, body, 'poor')).statusCode).toBe(402);
    await t.database.db.updateTable('users').set({ credits: 5 }).where('id', '=', user.id).execute();
    const retry = await activate(cookie, body, 'poor');
    expect(retry.statusCode).toBe(402);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await activate(cookie, body, 'poor-2')).statusCode).toBe(200);
  });

  it('takes over a claim whose request died unanswered, and refuses malformed keys with 400', async () => {
    const { user, cookie } = await reseller(5);
    await t.database.db
      .insertInto('idempotency_keys')
      .values({
        scope: `user:${user.id}`,
        key: 'crashed',
        request_hash: 'x',
        created_at: new Date(Date.now() - 5 * 60_000),
      })
      .execute();
    const body = { user_id: user.id, plan: 'year', mac: await freeDeviceId() };
    expect((await activate(cookie, body, 'crashed')).statusCode).toBe(200);

    for (const key of ['', 'has space', 'x'.repeat(256), 'é']) {
      const response = await activate(cookie, body, key);
      expect({ key, status: response.statusCode }).toEqual({ key, status: 400 });
    }
    expect(await balanceOf(user.id)).toBe(4);
  });

  it('works on the reseller API too: a transfer retried with its key moves the credits once', async () => {
    const { user, cookie } = await reseller(10);
    const child = await insertReseller(t.database, { parentId: user.id });
    const secret = (
      await call(t.app, {
        method: 'POST',
        url: '/api/v1/api-keys',
        cookie,
        payload: { name: 'shop', scopes: ['credits:transfer'] },
      })
    ).json().data.secret as string;
    const transfer = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/reseller/v1/credits/transfers',
        headers: { authorization: `Bearer ${secret}`, 'idempotency-key': 'invoice-77' },
        payload: { to: child.id, credits: 3 },
      });
    const first = await transfer();
    const retry = await transfer();
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await balanceOf(user.id)).toBe(7);
  });
});
