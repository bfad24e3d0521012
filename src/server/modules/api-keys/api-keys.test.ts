import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import {
  call,
  createTestApp,
  insertReseller,
  registerDevice,
  signIn,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
let owner: UserRow;
let ownerCookie: string;
let otherCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await insertReseller(t.database);
  ownerCookie = await signIn(t.app, owner.email);
  otherCookie = await signIn(t.app, (await insertReseller(t.database)).email);
});
afterAll(() => t.close());

const keys = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, ...(payload ? { payload } : {}) });

async function createKey(cookie = ownerCookie, body: object = { name: 'Shop', scopes: ['devices:read'] }) {
  const response = await keys('POST', '/api-keys', cookie, body);
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; secret: string; prefix: string };
}

const api = (url: string, secret?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/reseller/v1${url}`,
    headers: secret ? { authorization: `Bearer ${secret}` } : {},
  });

/** Gives a device to an owner, as an activation by that owner would. */
async function deviceOwnedBy(userId: number) {
  const device = await registerDevice(t.app);
  await t.database.db
    .updateTable('devices')
    .set({ owner_id: userId })
    .where('mac', '=', device.mac)
    .execute();
  return device;
}

describe('API keys (panel session)', () => {
  it('shows the secret once, stores only its hash, and lists the key by its prefix', async () => {
    const created = await createKey(ownerCookie, {
      name: 'Shop bot',
      scopes: ['devices:read', 'devices:activate'],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    // A recognisable marker and 256 random bits (43 base64url characters).
    expect(created.secret).toMatch(/^sbk_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.prefix)).toBe(true);
    const row = await t.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(created.prefix.length));

    const list = await keys('GET', '/api-keys', ownerCookie);
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((key: { id: number }) => key.id === created.id);
    expect(listed).toMatchObject({
      name: 'Shop bot',
      scopes: ['devices:read', 'devices:activate'],
      prefix: created.prefix,
    });
    expect(listed).not.toHaveProperty('secret');
    expect(list.body).not.toContain(created.secret);
  });

  it('answers 401 without a session, on every call', async () => {
    expect((await keys('GET', '/api-keys')).statusCode).toBe(401);
    expect(
      (await keys('POST', '/api-keys', undefined, { name: 'x', scopes: ['devices:read'] })).statusCode,
    ).toBe(401);
    expect((await keys('DELETE', '/api-keys/1')).statusCode).toBe(401);
  });

  it('refuses bad input with 400 naming the field', async () => {
    for (const body of [
      { name: '', scopes: ['devices:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['devices:delete'] },
      { name: 'x', scopes: ['devices:read', 'devices:read'] },
      { name: 'x', scopes: ['devices:read'], expires_at: '2001-01-01T00:00:00Z' },
      { name: 'x', scopes: ['devices:read'], expires_at: 'tomorrow' },
      { name: 'x', scopes: ['devices:read'], owner: 1 },
    ]) {
      const response = await keys('POST', '/api-keys', ownerCookie, body);
      expect({ body, status: response.statusCode, code: response.json().code }).toEqual({
        body,
        status: 400,
        code: 'invalid_input',
      });
    }
    expect((await keys('DELETE', '/api-keys/abc', ownerCookie)).statusCode).toBe(400);
  });

  it("lists only the caller's keys, and another reseller's key cannot be revoked (404)", async () => {
    const mine = await createKey();
    const others = await keys('GET', '/api-keys', otherCookie);
    expect(others.json().data.map((key: { id: number }) => key.id)).not.toContain(mine.id);
    const revoke = await keys('DELETE', `/api-keys/${mine.id}`, otherCookie);
    expect(revoke.statusCode).toBe(404);
    expect((await api('/devices/00:00:00:00:00:01', mine.secret)).statusCode).not.toBe(401);
  });

  it('holds at most 20 live keys per account (409 limit_reached); a revoked key frees its place', async () => {
    const user = await insertReseller(t.database);
    const cookie = await signIn(t.app, user.email);
    const created = [];
    for (let i = 0; i < 20; i += 1) created.push(await createKey(cookie));
    const over = await keys('POST', '/api-keys', cookie, { name: 'one too many', scopes: ['devices:read'] });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('limit_reached');
    expect((await keys('DELETE', `/api-keys/${created[0]!.id}`, cookie)).statusCode).toBe(200);
    await createKey(cookie);
  });
});

describe('the reseller API with a key', () => {
  it("acts as the key's owner: its device in full, with the key and last use recorded", async () => {
    const key = await createKey();
    const device = await deviceOwnedBy(owner.id);
    const response = await api(`/devices/${device.mac}`, key.secret);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ mac: device.mac, cle_mac: device.key });
    const row = await t.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).toBeInstanceOf(Date);
    expect(row.last_used_ip).toBe('127.0.0.1');
  });

  it("answers another reseller's device 404, as problem details", async () => {
    const key = await createKey();
    const other = await insertReseller(t.database);
    const device = await deviceOwnedBy(other.id);
    const response = await api(`/devices/${device.mac}`, key.secret);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
    expect(response.body).not.toContain(device.key);
  });

  it('answers 401 with WWW-Authenticate without a key, with an unknown, revoked or expired key', async () => {
    const revoked = await createKey();
    await keys('DELETE', `/api-keys/${revoked.id}`, ownerCookie);
    const expired = await createKey();
    await t.database.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.id)
      .execute();
    const mac = '00:11:22:33:44:55';
    for (const secret of [undefined, 'sbk_unknown', 'not-a-key', revoked.secret, expired.secret]) {
      const response = await api(`/devices/${mac}`, secret);
      expect({ secret, status: response.statusCode }).toEqual({ secret, status: 401 });
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toMatchObject({ status: 401, code: 'unauthorized' });
    }
  });

  it("stops a banned owner's keys at once", async () => {
    const user = await insertReseller(t.database);
    const key = await createKey(await signIn(t.app, user.email));
    expect((await api('/devices/00:11:22:33:44:56', key.secret)).statusCode).toBe(404);
    await t.database.db.updateTable('users').set({ is_banned: true }).where('id', '=', user.id).execute();
    expect((await api('/devices/00:11:22:33:44:56', key.secret)).statusCode).toBe(401);
  });

  it('answers 403 missing_scope when the key lacks the scope, and 400 naming the field for a bad MAC', async () => {
    const narrow = await createKey(ownerCookie, { name: 'credits only', scopes: ['credits:read'] });
    const refused = await api('/devices/00:11:22:33:44:57', narrow.secret);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, code: 'missing_scope' });

    const key = await createKey();
    const bad = await api('/devices/not-a-mac', key.secret);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, code: 'invalid_input', field: 'mac' });
  });
});
