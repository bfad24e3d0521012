import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultProbeSettings } from '../../config';
import { type FakeIptvServer, startFakeIptvServer } from '../../test/fake-iptv-server';
import {
  call,
  createTestApp,
  insertReseller,
  pollDevice,
  registerDevice,
  signIn,
  signInDevice,
  type TestAppWithAdmin,
} from '../../test/test-app';

/**
 * The probe a form runs before saving is stored with the playlist and shown to people (device page,
 * panel); the EPG address goes to the TV app, whose answer and ETag change with it, and not with probes.
 */
let fake: FakeIptvServer;
let t: TestAppWithAdmin;
let device: { mac: string; key: string; cookie: string };

beforeAll(async () => {
  fake = await startFakeIptvServer();
  t = await createTestApp({
    withAdmin: true,
    config: { playlistProbe: { ...defaultProbeSettings, allowPrivate: true, timeoutMs: 1_000 } },
  });
  const registered = await registerDevice(t.app);
  device = { ...registered, cookie: await signInDevice(t.app, registered.mac, registered.key) };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const probe = (payload: object) =>
  call(t.app, { method: 'POST', url: '/api/v1/playlist/probe', payload, cookie: device.cookie });
const add = (payload: object) =>
  call(t.app, { method: 'POST', url: `/api/v1/playlist/${device.mac}`, payload, cookie: device.cookie });
const edit = (id: number, payload: object) =>
  call(t.app, { method: 'PUT', url: `/api/v1/playlist/${device.mac}/${id}`, payload, cookie: device.cookie });
const poll = (etag?: string) => pollDevice(t.app, device, etag);
const m3u = (url: string, extra: object = {}) => ({
  name: 'TV',
  url,
  isAccount: false,
  hasPin: false,
  ...extra,
});

describe('a saved playlist keeps the probe that preceded it', () => {
  let id: number;

  it('stores the probe and fills the EPG address from x-tvg-url', async () => {
    const url = `${fake.url}/tv.m3u`;
    expect((await probe({ url })).statusCode).toBe(200);
    const saved = await add(m3u(url));
    expect(saved.statusCode).toBe(201);
    const data = saved.json().data;
    id = data.id;
    expect(data.epg_url).toBe('http://epg.example.test/guide.xml.gz');
    expect(data.last_probe).toMatchObject({ ok: true, kind: 'm3u', channels: 5, groups: 3 });
    expect(Date.parse(data.last_probe.probed_at)).toBeGreaterThan(Date.now() - 60_000);
    const session = await call(t.app, {
      method: 'GET',
      url: '/api/v1/device/session',
      cookie: device.cookie,
    });
    expect(session.json().data.playlists[0].last_probe).toMatchObject({ channels: 5 });
  });

  it('gives the TV app the EPG address but not the probe', async () => {
    const answer = (await poll()).json().data.playlists[0];
    expect(answer.epg_url).toBe('http://epg.example.test/guide.xml.gz');
    expect(answer).not.toHaveProperty('last_probe');
  });

  it("does not change the TV app's answer or ETag by probing", async () => {
    const etag = (await poll()).headers.etag as string;
    await probe({ url: `${fake.url}/bom-crlf.m3u` });
    await probe({ url: `${fake.url}/tv.m3u` });
    expect((await poll(etag)).statusCode).toBe(304);
  });

  it('changes the answer and its ETag when the EPG address changes', async () => {
    const etag = (await poll()).headers.etag as string;
    const changed = await edit(
      id,
      m3u(`${fake.url}/tv.m3u`, { epg_url: 'https://guide.example.test/new.xml' }),
    );
    expect(changed.statusCode).toBe(200);
    const after = await poll(etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().data.playlists[0].epg_url).toBe('https://guide.example.test/new.xml');
  });

  it('keeps the EPG address when an edit does not send one, and clears it when sent empty', async () => {
    expect((await edit(id, m3u(`${fake.url}/tv.m3u`))).json().data.epg_url).toBe(
      'https://guide.example.test/new.xml',
    );
    expect((await edit(id, m3u(`${fake.url}/tv.m3u`, { epg_url: '' }))).json().data.epg_url).toBeNull();
  });

  it('stores a failed probe when saved anyway, and drops it when the address changes unprobed', async () => {
    const dead = `${fake.url}/gone.m3u`;
    expect((await probe({ url: dead })).json().data).toMatchObject({ ok: false, error: 'http_error' });
    const saved = await edit(id, m3u(dead));
    expect(saved.json().data.last_probe).toMatchObject({ ok: false, error: 'http_error' });
    const unprobed = await edit(id, m3u('http://lists.example.test/other.m3u'));
    expect(unprobed.json().data.last_probe).toBeNull();
  });

  it('stores an Xtream account probe with the account playlist', async () => {
    const account = { server: fake.url, username: 'active', password: 'active-pass' };
    await probe(account);
    const saved = await add({
      name: 'Account',
      isAccount: true,
      host: account.server,
      username: account.username,
      password: account.password,
      hasPin: false,
    });
    expect(saved.json().data.last_probe).toMatchObject({
      ok: true,
      kind: 'xtream',
      account: { status: 'Active' },
    });
  });
});

describe('the EPG address is validated like the playlist address', () => {
  it.each(['javascript:alert(1)', 'ftp://guide.example/x.xml', 'not a url'])('refuses %s', async (epg) => {
    const response = await add(m3u('http://lists.example.test/a.m3u', { epg_url: epg }));
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('epg_url');
  });

  it('in the panel too, where the list shows it with the last probe', async () => {
    const reseller = await insertReseller(t.database);
    const cookie = await signIn(t.app, reseller.email);
    const mine = await registerDevice(t.app);
    await t.database.db
      .updateTable('devices')
      .set({ owner_id: reseller.id })
      .where('mac', '=', mine.mac)
      .execute();
    const body = { ...m3u(`${fake.url}/tv.m3u`), mac: mine.mac, epg_url: 'bad' };
    const addInPanel = (payload: object) =>
      call(t.app, { method: 'POST', url: '/api/v1/reseller/add_playlist', payload, cookie });
    const bad = await addInPanel(body);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('epg_url');
    const probed = await call(t.app, {
      method: 'POST',
      url: '/api/v1/playlist/probe',
      payload: { url: `${fake.url}/tv.m3u`, mac: mine.mac },
      cookie,
    });
    expect(probed.statusCode).toBe(200);
    const { epg_url: _bad, ...good } = body;
    const added = await addInPanel(good);
    expect(added.statusCode).toBe(201);
    const list = await call(t.app, {
      method: 'GET',
      url: `/api/v1/reseller/get_playlists/${reseller.id}`,
      cookie,
    });
    expect(list.json().data[0]).toMatchObject({
      epg_url: 'http://epg.example.test/guide.xml.gz',
      last_probe: { ok: true, channels: 5, groups: 3 },
    });
  });
});
