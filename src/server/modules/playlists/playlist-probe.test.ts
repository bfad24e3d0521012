import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultProbeSettings } from '../../config';
import { type FakeIptvServer, startFakeIptvServer } from '../../test/fake-iptv-server';
import {
  call,
  createTestApp,
  insertReseller,
  registerDevice,
  signIn,
  signInDevice,
  type TestApp,
  type TestAppWithAdmin,
} from '../../test/test-app';

let fake: FakeIptvServer;
/** PLAYLIST_PROBE_ALLOW_PRIVATE=true, as in tests and LAN deployments; a 1 s deadline instead of 5 s. */
let t: TestAppWithAdmin;
/** The production policy: public addresses only. */
let strict: TestApp;
/** A LAN deployment that lists its IPTV server (127.0.0.1) only, with small probe allowances. */
let lan: TestApp;
const logs: string[] = [];
let device: { mac: string; key: string; cookie: string };

beforeAll(async () => {
  fake = await startFakeIptvServer();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({
    withAdmin: true,
    logStream,
    limits: { probesPerDevice: 1_000, probesPerIp: 1_000 },
    config: { playlistProbe: { ...defaultProbeSettings, allowPrivate: true, timeoutMs: 1_000 } },
  });
  strict = await createTestApp();
  lan = await createTestApp({
    config: { playlistProbe: { ...defaultProbeSettings, allowPrivate: ['127.0.0.1'] } },
    limits: { probesPerDevice: 3, probesPerIp: 5 },
  });
  const registered = await registerDevice(t.app);
  device = { ...registered, cookie: await signInDevice(t.app, registered.mac, registered.key) };
});
afterAll(async () => {
  await Promise.all([t?.close(), strict?.close(), lan?.close()]);
  await fake?.close();
});

type Probed = { statusCode: number; body: string; json: () => { data: Record<string, unknown> } };
function probe(app: TestApp, cookie: string | undefined, payload: object, remoteAddress?: string) {
  return call(app.app, {
    method: 'POST',
    url: '/api/v1/playlist/probe',
    payload,
    cookie,
    ...(remoteAddress ? { remoteAddress } : {}),
  }) as Promise<Probed>;
}
const probeUrl = async (path: string) =>
  (await probe(t, device.cookie, { url: `${fake.url}${path}` })).json().data;

async function signedInDeviceOf(app: TestApp) {
  const registered = await registerDevice(app.app);
  return { ...registered, cookie: await signInDevice(app.app, registered.mac, registered.key) };
}

describe('who may probe', () => {
  it('answers 401 without a session', async () => {
    expect((await probe(t, undefined, { url: `${fake.url}/tv.m3u` })).statusCode).toBe(401);
  });

  it("lets a reseller probe for its own device only: another's is 404, none named is 400", async () => {
    const owner = await insertReseller(t.database);
    const stranger = await insertReseller(t.database);
    const mac = device.mac;
    await t.database.db.updateTable('devices').set({ owner_id: owner.id }).where('mac', '=', mac).execute();
    const body = { url: `${fake.url}/tv.m3u`, mac };
    expect((await probe(t, await signIn(t.app, owner.email), body)).statusCode).toBe(200);
    expect((await probe(t, await signIn(t.app, stranger.email), body)).statusCode).toBe(404);
    expect((await probe(t, t.adminCookie, body)).statusCode).toBe(200);
    const unnamed = await probe(t, t.adminCookie, { url: `${fake.url}/tv.m3u` });
    expect(unnamed.statusCode).toBe(400);
    expect(JSON.parse(unnamed.body).field).toBe('mac');
  });

  it("answers 404 when a device session names another device's MAC", async () => {
    const other = await registerDevice(t.app);
    const response = await probe(t, device.cookie, { url: `${fake.url}/tv.m3u`, mac: other.mac });
    expect(response.statusCode).toBe(404);
  });
});

describe('bad input is a 400 naming the field', () => {
  it.each([
    [{}, 'url'],
    [{ url: 'ftp://files.example/list.m3u' }, 'url'],
    [{ url: 'not a url' }, 'url'],
    [{ url: 'http://x.example/a.m3u\n' }, 'url'],
    [{ server: 'http://x.example', username: 'a' }, 'server'],
    [{ server: 'javascript:alert(1)', username: 'a', password: 'b' }, 'server'],
    [{ url: 'http://x.example/a.m3u', mac: 'nope' }, 'mac'],
  ])('%j', async (payload, field) => {
    const response = await probe(t, device.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).field).toBe(field);
  });

  it('refuses unknown fields', async () => {
    const response = await probe(t, device.cookie, { url: `${fake.url}/tv.m3u`, extra: 1 });
    expect(response.statusCode).toBe(400);
  });
});

describe('M3U files of real shapes', () => {
  it('counts channels and groups and finds url-tvg', async () => {
    expect(await probeUrl('/tv.m3u')).toEqual({
      ok: true,
      kind: 'm3u',
      channels: 5,
      groups: 3,
      epg_url: 'http://epg.example.test/guide.xml.gz',
    });
  });

  it('reads a file with a byte-order mark, CRLF line ends and x-tvg-url', async () => {
    expect(await probeUrl('/bom-crlf.m3u')).toMatchObject({
      ok: true,
      channels: 3,
      groups: 2,
      epg_url: 'https://epg.example.test/xmltv.xml',
    });
  });

  it('reads very long lines and skips broken ones', async () => {
    const long = await probeUrl('/long-lines.m3u');
    expect([long.ok, long.channels, long.groups, long.epg_url]).toEqual([true, 2, 1, null]);
    expect(await probeUrl('/broken.m3u')).toMatchObject({ ok: true, channels: 2, epg_url: null });
  });

  it('says what went wrong: not a playlist, 401/403, another status, unreachable', async () => {
    expect(await probeUrl('/page.html')).toEqual({ ok: false, kind: 'm3u', error: 'not_a_playlist' });
    expect(await probeUrl('/locked.m3u')).toMatchObject({ ok: false, error: 'unauthorized' });
    expect(await probeUrl('/forbidden.m3u')).toMatchObject({ ok: false, error: 'unauthorized' });
    expect(await probeUrl('/gone.m3u')).toMatchObject({ ok: false, error: 'http_error' });
    const dead = await probe(t, device.cookie, { url: 'http://127.0.0.1:1/tv.m3u' });
    expect(dead.json().data).toMatchObject({ ok: false, error: 'unreachable' });
  });

  it('stops a file over 20 MB', async () => {
    // With the 5 s deadline of production (lan), so the 21 MB have time to arrive.
    const mine = await signedInDeviceOf(lan);
    const huge = await probe(lan, mine.cookie, { url: `${fake.url}/huge.m3u` }, '198.51.100.9');
    expect(huge.json().data).toMatchObject({ ok: false, error: 'too_large' });
  });

  it('gives up on a server that never answers at the deadline', async () => {
    const started = Date.now();
    expect(await probeUrl('/never')).toMatchObject({ ok: false, error: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(defaultProbeSettings.timeoutMs).toBe(5_000);
  });

  it('follows up to 3 redirects', async () => {
    const hop = (to: string) => `/redirect?to=${encodeURIComponent(to)}`;
    expect(await probeUrl(hop(hop(hop('/tv.m3u'))))).toMatchObject({ ok: true, channels: 5 });
    expect(await probeUrl(hop(hop(hop(hop('/tv.m3u')))))).toMatchObject({
      ok: false,
      error: 'too_many_redirects',
    });
  });
});

describe('Xtream accounts (player_api.php)', () => {
  const account = (username: string, password: string) => ({ server: fake.url, username, password });

  it('shows an active account with its expiry and connections', async () => {
    const data = (await probe(t, device.cookie, account('active', 'active-pass'))).json().data;
    expect(data).toEqual({
      ok: true,
      kind: 'xtream',
      account: { status: 'Active', expires_at: '2033-05-18T03:33:20.000Z', max_connections: 2 },
    });
  });

  it('refuses expired, banned and wrong-password accounts, without echoing the password', async () => {
    const expired = await probe(t, device.cookie, account('expired', 'expired-pass'));
    expect(expired.json().data).toMatchObject({
      ok: false,
      error: 'account_expired',
      account: { status: 'Expired' },
    });
    const banned = await probe(t, device.cookie, account('banned', 'banned-pass'));
    expect(banned.json().data).toMatchObject({ ok: false, error: 'account_banned' });
    const wrong = await probe(t, device.cookie, account('active', 'not-the-pass'));
    expect(wrong.json().data).toEqual({ ok: false, kind: 'xtream', error: 'wrong_credentials' });
    for (const response of [expired, banned, wrong]) {
      expect(response.body).not.toMatch(/expired-pass|banned-pass|not-the-pass/);
    }
    expect(logs.join('')).not.toMatch(/active-pass|expired-pass|banned-pass|not-the-pass/);
  });

  it('reads an Xtream-style get.php link as an M3U too', async () => {
    const url = `/get.php?username=active&password=active-pass&type=m3u_plus`;
    expect(await probeUrl(url)).toMatchObject({ ok: true, kind: 'm3u', channels: 5 });
  });
});

describe('addresses that are not the public internet', () => {
  it.each([
    'http://127.0.0.1/list.m3u',
    'http://10.0.0.1/list.m3u',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/list.m3u',
  ])('refuses %s unless allowed', async (url) => {
    const mine = await signedInDeviceOf(strict);
    expect((await probe(strict, mine.cookie, { url })).json().data).toEqual({
      ok: false,
      kind: 'm3u',
      error: 'address_not_allowed',
    });
  });

  it('refuses a name that resolves to loopback, and an account on it', async () => {
    const mine = await signedInDeviceOf(strict);
    const byName = `http://localhost:${fake.port}/tv.m3u`;
    expect((await probe(strict, mine.cookie, { url: byName })).json().data).toMatchObject({
      error: 'address_not_allowed',
    });
    const onLoopback = { server: fake.url, username: 'active', password: 'active-pass' };
    expect((await probe(strict, mine.cookie, onLoopback)).json().data).toMatchObject({
      kind: 'xtream',
      error: 'address_not_allowed',
    });
    // The same name with the test setting: reached.
    expect((await probe(t, device.cookie, { url: byName })).json().data).toMatchObject({ ok: true });
  });

  it('refuses a redirect to a private or metadata address from an allowed server', async () => {
    const mine = await signedInDeviceOf(lan);
    for (const to of [
      'http://10.0.0.1/x.m3u',
      'http://169.254.169.254/',
      `http://[::1]:${fake.port}/tv.m3u`,
    ]) {
      const url = `${fake.url}/redirect?to=${encodeURIComponent(to)}`;
      const data = (await probe(lan, mine.cookie, { url }, '198.51.100.1')).json().data;
      expect(data, to).toMatchObject({ ok: false, error: 'address_not_allowed' });
    }
  });
});

describe('rate limits', () => {
  it('answers 429 past the per-device allowance', async () => {
    const mine = await signedInDeviceOf(lan);
    const url = `${fake.url}/tv.m3u`;
    for (let i = 0; i < 3; i += 1) {
      expect((await probe(lan, mine.cookie, { url }, '198.51.100.2')).statusCode).toBe(200);
    }
    const refused = await probe(lan, mine.cookie, { url }, '198.51.100.2');
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body).code).toBe('too_many_attempts');
  });

  it('answers 429 past the per-address allowance, across devices', async () => {
    const first = await signedInDeviceOf(lan);
    const second = await signedInDeviceOf(lan);
    const url = `${fake.url}/tv.m3u`;
    const statuses: number[] = [];
    for (const mine of [first, first, first, second, second, second]) {
      statuses.push((await probe(lan, mine.cookie, { url }, '198.51.100.3')).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
