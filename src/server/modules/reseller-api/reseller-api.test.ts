import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import {
  call,
  createTestApp,
  insertReseller,
  registerDevice,
  resellerWithKey,
  signIn,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function api(
  secret: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  app: TestApp = t,
) {
  return app.app.inject({
    method,
    url: `/api/reseller/v1${url}`,
    headers: { authorization: `Bearer ${secret}` },
    ...(payload ? { payload } : {}),
  });
}

async function ownedDevice(owner: UserRow, appName = 'Test TV') {
  const device = await registerDevice(t.app);
  await t.database.db
    .updateTable('devices')
    .set({ owner_id: owner.id, app_name: appName })
    .where('mac', '=', device.mac)
    .execute();
  return device;
}

const macsOf = (body: { data: { mac: string }[] }) => body.data.map((device) => device.mac);

describe('GET /devices', () => {
  it("pages the caller's devices newest first by cursor, never another reseller's", async () => {
    const { user, secret } = await resellerWithKey(t);
    const [a, b, c] = [await ownedDevice(user), await ownedDevice(user), await ownedDevice(user)];
    const other = await resellerWithKey(t);
    await ownedDevice(other.user);

    const first = await api(secret, 'GET', '/devices?limit=2');
    expect(first.statusCode).toBe(200);
    expect(macsOf(first.json())).toEqual([c.mac, b.mac]);
    expect(first.json().next_cursor).toEqual(expect.any(String));
    const second = await api(secret, 'GET', `/devices?limit=2&cursor=${first.json().next_cursor}`);
    expect(macsOf(second.json())).toEqual([a.mac]);
    expect(second.json().next_cursor).toBeNull();
  });

  it('searches what the row shows and filters as the panel does', async () => {
    const { user, secret } = await resellerWithKey(t);
    const named = await ownedDevice(user, 'StreamBox TV 7');
    await ownedDevice(user, 'Kitchen');
    expect(macsOf((await api(secret, 'GET', '/devices?q=tv%207')).json())).toEqual([named.mac]);
    expect(macsOf((await api(secret, 'GET', '/devices?status=lifetime')).json())).toEqual([]);
  });

  it('refuses a forged cursor, a bad limit and unknown filters with 400 naming the field', async () => {
    const { secret } = await resellerWithKey(t);
    for (const [query, field] of [
      ['cursor=bm90LWFuLWlk', 'cursor'],
      ['cursor=%25%25', 'cursor'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['status=gold', 'status'],
      ['owner=1', 'owner'],
    ]) {
      const response = await api(secret, 'GET', `/devices?${query}`);
      expect({ query, status: response.statusCode, field: response.json().field }).toEqual({
        query,
        status: 400,
        field,
      });
    }
  });
});

describe('POST /devices/{mac}/activation', () => {
  it('activates with the panel rules: the plan set, the credits debited, the balance answered', async () => {
    const { secret } = await resellerWithKey(t, { credits: 5 });
    const device = await registerDevice(t.app);
    const response = await api(secret, 'POST', `/devices/${device.mac}/activation`, {
      plan: 'lifetime',
      client_name: 'Ada',
      client_phone: '+33 6 12 34 56 78',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: { mac: device.mac, payment_type: 'lifetime', name: 'Ada', cle_mac: device.key },
      credits_left: 3,
    });
    // Answered from the row the activation wrote, it is what reading the device afterwards shows.
    const shown = await api(secret, 'GET', `/devices/${device.mac}`);
    expect(response.json().data).toEqual(shown.json().data);
  });

  it("answers 402 without enough credits, 404 for an unknown MAC, 403 for another reseller's device", async () => {
    const poor = await resellerWithKey(t, { credits: 0 });
    const device = await registerDevice(t.app);
    const refused = await api(poor.secret, 'POST', `/devices/${device.mac}/activation`, { plan: 'year' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'insufficient_credits' });

    const rich = await resellerWithKey(t, { credits: 5 });
    expect(
      (await api(rich.secret, 'POST', '/devices/00:00:00:0A:0B:0C/activation', { plan: 'year' })).statusCode,
    ).toBe(404);
    const theirs = await ownedDevice(poor.user);
    const taken = await api(rich.secret, 'POST', `/devices/${theirs.mac}/activation`, { plan: 'year' });
    expect(taken.statusCode).toBe(403);
    expect(taken.body).not.toContain(theirs.key);
  });

  it('needs the devices:activate scope and a valid body', async () => {
    const readOnly = await resellerWithKey(t, { credits: 5 }, ['devices:read']);
    const device = await registerDevice(t.app);
    const refused = await api(readOnly.secret, 'POST', `/devices/${device.mac}/activation`, { plan: 'year' });
    expect(refused.json()).toMatchObject({ status: 403, code: 'missing_scope' });

    const { secret } = await resellerWithKey(t, { credits: 5 });
    for (const body of [
      {},
      { plan: 'free' },
      { plan: 'year', credits: 1 },
      { plan: 'year', device_key: '' },
    ]) {
      const response = await api(secret, 'POST', `/devices/${device.mac}/activation`, body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
    }
  });
});

describe('playlists', () => {
  it("adds, lists and deletes a device's playlists; another reseller's device is 404", async () => {
    const { user, secret } = await resellerWithKey(t);
    const device = await ownedDevice(user);
    const added = await api(secret, 'POST', `/devices/${device.mac}/playlists`, {
      name: 'News',
      url: 'https://iptv.example/news.m3u',
    });
    expect(added.statusCode).toBe(201);
    const id = added.json().data.id as number;
    expect((await api(secret, 'GET', `/devices/${device.mac}/playlists`)).json().data).toMatchObject([
      { id, name: 'News' },
    ]);

    const other = await resellerWithKey(t);
    expect((await api(other.secret, 'GET', `/devices/${device.mac}/playlists`)).statusCode).toBe(404);
    expect((await api(other.secret, 'DELETE', `/devices/${device.mac}/playlists/${id}`)).statusCode).toBe(
      404,
    );

    const deleted = await api(secret, 'DELETE', `/devices/${device.mac}/playlists/${id}`);
    expect(deleted.json()).toEqual({ data: { deleted: true } });
    expect((await api(secret, 'GET', `/devices/${device.mac}/playlists`)).json().data).toEqual([]);
  });

  it('needs playlists:write to change them, and refuses a bad playlist with 400', async () => {
    const readOnly = await resellerWithKey(t, {}, ['devices:read']);
    const device = await ownedDevice(readOnly.user);
    const payload = { name: 'News', url: 'https://iptv.example/news.m3u' };
    expect((await api(readOnly.secret, 'POST', `/devices/${device.mac}/playlists`, payload)).statusCode).toBe(
      403,
    );
    const { user, secret } = await resellerWithKey(t);
    const mine = await ownedDevice(user);
    const bad = await api(secret, 'POST', `/devices/${mine.mac}/playlists`, {
      name: 'x',
      url: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('credits and sub-resellers', () => {
  it('transfers to a sub-reseller and shows both in the balance, the ledger and the sub-reseller list', async () => {
    const parent = await resellerWithKey(t, { credits: 10 });
    const child = await insertReseller(t.database, { parentId: parent.user.id });
    const stranger = await insertReseller(t.database);

    const subs = await api(parent.secret, 'GET', '/sub-resellers');
    expect(subs.json().data.map((r: { id: number }) => r.id)).toEqual([child.id]);

    const sent = await api(parent.secret, 'POST', '/credits/transfers', { to: child.id, credits: 3 });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toEqual({ to: child.id, credits: 3, balance: 7, recipient_balance: 3 });

    const ledger = await api(parent.secret, 'GET', '/credits?limit=1');
    expect(ledger.json()).toMatchObject({ balance: 7, data: [{ type: 'transfer', amount: 3 }] });

    expect(
      (await api(parent.secret, 'POST', '/credits/transfers', { to: stranger.id, credits: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await api(parent.secret, 'POST', '/credits/transfers', { to: child.id, credits: 99 })).statusCode,
    ).toBe(402);
    expect(
      (await api(parent.secret, 'POST', '/credits/transfers', { to: child.id, credits: 0 })).statusCode,
    ).toBe(400);
    expect((await api(parent.secret, 'POST', '/credits/transfers', { to: child.id })).statusCode).toBe(400);
  });

  it('needs credits:transfer to send, credits:read to read', async () => {
    const readOnly = await resellerWithKey(t, { credits: 10 }, ['credits:read']);
    const child = await insertReseller(t.database, { parentId: readOnly.user.id });
    const refused = await api(readOnly.secret, 'POST', '/credits/transfers', { to: child.id, credits: 1 });
    expect(refused.json()).toMatchObject({ status: 403, code: 'missing_scope' });
    expect((await api(readOnly.secret, 'GET', '/credits')).statusCode).toBe(200);
    expect((await api(readOnly.secret, 'GET', '/sub-resellers')).statusCode).toBe(403);
  });
});

describe('rate limit per key', () => {
  it('answers 429 with Retry-After and RateLimit once a key has used its calls, other keys unaffected', async () => {
    const limited = await createTestApp({ limits: { apiCallsPerKey: 3 } });
    try {
      const keyFor = async () => {
        const user = await insertReseller(limited.database);
        const cookie = await signIn(limited.app, user.email);
        const body = { name: 'bot', scopes: ['credits:read'] };
        return (
          await call(limited.app, { method: 'POST', url: '/api/v1/api-keys', cookie, payload: body })
        ).json().data.secret as string;
      };
      const secret = await keyFor();
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await api(secret, 'GET', '/credits', undefined, limited));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
      expect(answers[0]!.headers['ratelimit']).toBe('limit=3, remaining=2, reset=60');
      expect(answers[0]!.headers['ratelimit-policy']).toBe('3;w=60');
      expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
      expect(answers[3]!.json()).toMatchObject({ status: 429, code: 'too_many_attempts' });
      expect((await api(await keyFor(), 'GET', '/credits', undefined, limited)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /openapi.json', () => {
  it('documents the reseller API alone, in OpenAPI 3.1, with the bearer key, readable without one', async () => {
    const response = await t.app.inject({ url: '/api/reseller/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api/reseller/v1', description: 'This server' }]);
    expect(doc.security).toEqual([{ resellerApiKey: [] }]);
    expect(doc.components.securitySchemes.resellerApiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/devices', '/devices/{mac}/activation', '/credits/transfers']),
    );
    // Neither the panel's nor the TV app's calls, nor the document itself.
    expect(Object.keys(doc.paths).every((path) => !path.startsWith('/api/'))).toBe(true);
    expect(doc.paths).not.toHaveProperty('/openapi.json');
    const activation = doc.paths['/devices/{mac}/activation'].post;
    expect(Object.keys(activation.responses)).toEqual(expect.arrayContaining(['200', '402', '422', '429']));
  });
});

describe('the examples in /openapi.json', () => {
  type Media = { example?: unknown; examples?: Record<string, { value: unknown }> };
  type Operation = {
    requestBody?: { content: Record<string, Media> };
    parameters?: ({ in: string; name: string } & Media)[];
    responses: Record<string, { content?: Record<string, Media> }>;
  };
  const hasExample = (media: Media | undefined) =>
    media !== undefined &&
    (media.example !== undefined || Object.values(media.examples ?? {}).some((e) => e.value !== undefined));

  it('show every operation with an example of its body, path parameters, success answer and each failure', async () => {
    const doc = (await t.app.inject({ url: '/api/reseller/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const missing: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations += 1;
        const where = `${method.toUpperCase()} ${path}`;
        if (operation.requestBody && !hasExample(operation.requestBody.content['application/json'])) {
          missing.push(`${where}: request body`);
        }
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in === 'path' && !hasExample(parameter))
            missing.push(`${where}: {${parameter.name}}`);
        }
        const statuses = Object.keys(operation.responses);
        if (!statuses.some((status) => status.startsWith('2'))) missing.push(`${where}: no success answer`);
        for (const status of statuses) {
          if (!hasExample(operation.responses[status]!.content?.['application/json'])) {
            missing.push(`${where}: answer ${status}`);
          }
        }
      }
    }
    expect(operations).toBeGreaterThanOrEqual(9);
    expect(missing).toEqual([]);
  });
});

describe('GET /docs', () => {
  it('serves the readable reference in production, reading /openapi.json, under a policy of its own', async () => {
    const production = await createTestApp({ config: { production: true, apiDocs: false } });
    try {
      const page = await production.app.inject({ url: '/api/reseller/v1/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('/api/reseller/v1/openapi.json');
      // No "Ask AI" agent or MCP button: they would send the document to Scalar's service.
      expect(page.body.replace(/\s/g, '')).toContain('"agent":{"disabled":true}');
      expect(page.body.replace(/\s/g, '')).toContain('"mcp":{"disabled":true}');
      // Its script from this server, its one inline script by hash, never any inline script.
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
      expect(policy).not.toContain('unsafe-eval');
      expect(policy).toContain("frame-ancestors 'none'");
      const script = await production.app.inject({ url: '/api/reseller/v1/docs/js/scalar.js' });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
      expect(script.body.length).toBeGreaterThan(100_000);
      // Compressed, tagged and revalidated, not downloaded whole on every visit (no-store).
      expect(script.headers['cache-control']).toBe('no-cache');
      const etag = String(script.headers.etag);
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      const brotli = await production.app.inject({
        url: '/api/reseller/v1/docs/js/scalar.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toBe('accept-encoding');
      expect(brotli.rawPayload.length).toBeLessThan(script.rawPayload.length / 3);
      expect(zlib.brotliDecompressSync(brotli.rawPayload).equals(script.rawPayload)).toBe(true);
      const gzip = await production.app.inject({
        url: '/api/reseller/v1/docs/js/scalar.js?v=2',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.etag).toBe(etag);
      expect(zlib.gunzipSync(gzip.rawPayload).equals(script.rawPayload)).toBe(true);
      const revalidated = await production.app.inject({
        url: '/api/reseller/v1/docs/js/scalar.js',
        headers: { 'if-none-match': etag, 'accept-encoding': 'br' },
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
      expect(revalidated.headers.etag).toBe(etag);
      const headScript = await production.app.inject({
        method: 'HEAD',
        url: '/api/reseller/v1/docs/js/scalar.js',
      });
      expect(headScript.statusCode).toBe(200);
      expect(headScript.headers['content-type']).toMatch(/javascript/);
      expect(headScript.headers.etag).toBe(etag);
      // Scalar's plugin answers from an instance made on the first request (decision 0035): its
      // redirect from the bare path, HEAD, and the server's own not-found answer for the rest.
      const bare = await production.app.inject({ url: '/api/reseller/v1/docs' });
      expect(bare.statusCode).toBe(301);
      expect(bare.headers.location).toBe('/api/reseller/v1/docs/');
      const head = await production.app.inject({ method: 'HEAD', url: '/api/reseller/v1/docs/' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toMatch(/^text\/html/);
      const unknown = await production.app.inject({ url: '/api/reseller/v1/docs/not-a-page' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'not_found' });
      // The API itself keeps its strict policy.
      const document = await production.app.inject({ url: '/api/reseller/v1/openapi.json' });
      expect(document.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    } finally {
      await production.close();
    }
  });
});
