import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountUrl, splitAccountUrl } from '../../../shared/api/playlist';
import { call, createTestApp, registerDevice, signInDevice, type TestApp } from '../../test/test-app';

let t: TestApp;
let mine: { mac: string; key: string; cookie: string };
let other: { mac: string; key: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ limits: { pinLockMs: 60_000 } });
  const a = await registerDevice(t.app);
  const b = await registerDevice(t.app);
  mine = { ...a, cookie: await signInDevice(t.app, a.mac, a.key) };
  other = { ...b, cookie: await signInDevice(t.app, b.mac, b.key) };
});
afterAll(() => t.close());

const direct = {
  name: 'News',
  url: 'http://lists.example/news.m3u',
  isAccount: false,
  hasPin: false,
  pin: null,
};
const account = {
  name: 'Sports',
  isAccount: true,
  host: 'http://provider.example:8080',
  username: 'viewer',
  password: 's3cret&x',
  hasPin: true,
  pin: '4321',
};

const add = (device: { mac: string }, cookie: string | undefined, payload: unknown) =>
  call(t.app, { method: 'POST', url: `/api/v1/playlist/${device.mac}`, payload: payload as object, cookie });

describe('playlist calls need the device session for that MAC', () => {
  it('answers 401 without a session', async () => {
    expect((await add(mine, undefined, direct)).statusCode).toBe(401);
    const put = await call(t.app, { method: 'PUT', url: `/api/v1/playlist/${mine.mac}/1`, payload: direct });
    expect(put.statusCode).toBe(401);
    const del = await call(t.app, { method: 'DELETE', url: `/api/v1/playlist/${mine.mac}/1` });
    expect(del.statusCode).toBe(401);
    const unlock = await call(t.app, {
      method: 'POST',
      url: `/api/v1/playlist/${mine.mac}/1/unlock`,
      payload: { pin: '1234' },
    });
    expect(unlock.statusCode).toBe(401);
  });

  it("answers 401 for another device's MAC with my session", async () => {
    expect((await add(other, mine.cookie, direct)).statusCode).toBe(401);
  });

  it("answers 404 for another device's playlist id, on every call", async () => {
    const theirs = (await add(other, other.cookie, direct)).json().data.id;
    const url = `/api/v1/playlist/${mine.mac}/${theirs}`;
    expect((await call(t.app, { method: 'PUT', url, payload: direct, cookie: mine.cookie })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, { method: 'DELETE', url, cookie: mine.cookie })).statusCode).toBe(404);
    const unlock = await call(t.app, {
      method: 'POST',
      url: `${url}/unlock`,
      payload: { pin: '1234' },
      cookie: mine.cookie,
    });
    expect(unlock.statusCode).toBe(404);
    // Still there for its owner.
    const session = await call(t.app, { method: 'GET', url: '/api/v1/device/session', cookie: other.cookie });
    expect(session.json().data.playlists.map((p: { id: number }) => p.id)).toContain(theirs);
  });
});

describe('adding and editing playlists', () => {
  it('adds a direct URL playlist', async () => {
    const response = await add(mine, mine.cookie, direct);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      name: 'News',
      url: direct.url,
      hasPin: false,
      isAccount: false,
    });
  });

  it.each([
    ['no name', { ...direct, name: '' }, 'name', 'playlist-name-required'],
    ['no url', { ...direct, url: '' }, 'url', 'playlist-url-required'],
    ['a javascript: url', { ...direct, url: 'javascript:alert(1)' }, 'url', 'playlist-url-invalid'],
    ['a file: url', { ...direct, url: 'file:///etc/passwd' }, 'url', 'playlist-url-invalid'],
    ['an account without password', { ...account, password: '' }, 'host', 'account-details-required'],
    ['a PIN under 4 digits', { ...direct, hasPin: true, pin: '12' }, 'pin', 'pin-must-be-4-digits'],
    ['a PIN with letters', { ...direct, hasPin: true, pin: '12ab' }, 'pin', 'pin-must-be-digits'],
    ['a PIN switched on without a PIN', { ...direct, hasPin: true, pin: null }, 'pin', 'pin-required'],
    ['a wrong type', { ...direct, hasPin: 'yes' }, 'hasPin', undefined],
    ['an unknown field', { ...direct, deviceId: 99 }, 'deviceId', undefined],
    ['a huge name', { ...direct, name: 'n'.repeat(5000) }, 'name', undefined],
  ])('refuses %s with 400 naming the field', async (_label, payload, field, message) => {
    const response = await add(mine, mine.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
    if (message) expect(response.json().message).toContain(message);
  });

  it('builds the URL from account fields and splits it back', async () => {
    const response = await add(mine, mine.cookie, { ...account, hasPin: false, pin: null });
    const data = response.json().data;
    expect(data.url).toBe(buildAccountUrl(account.host, account.username, account.password));
    expect(
      data.url.startsWith('http://provider.example:8080/get.php?username=viewer&password=s3cret%26x'),
    ).toBe(true);
    expect(data).toMatchObject({
      isAccount: true,
      host: account.host,
      username: 'viewer',
      password: 's3cret&x',
    });
    expect(splitAccountUrl(data.url)).toEqual({
      host: account.host,
      username: 'viewer',
      password: 's3cret&x',
    });
  });

  it('edits a playlist', async () => {
    const id = (await add(mine, mine.cookie, direct)).json().data.id;
    const response = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/playlist/${mine.mac}/${id}`,
      payload: { ...direct, name: 'Renamed' },
      cookie: mine.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('Renamed');
  });

  it('stops at 50 playlists per device', async () => {
    const device = await registerDevice(t.app);
    const cookie = await signInDevice(t.app, device.mac, device.key);
    for (let i = 0; i < 50; i += 1) expect((await add(device, cookie, direct)).statusCode).toBe(201);
    const over = await add(device, cookie, direct);
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('limit_reached');
  });
});

describe('PIN-protected playlists', () => {
  it('stores the PIN hashed and never sends it back', async () => {
    const created = await add(mine, mine.cookie, account);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const row = await t.database.db
      .selectFrom('playlists')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.pin_hash).not.toBe('4321');
    expect(row.pin_hash).toMatch(/^\$argon2id\$/);
    expect(created.body).not.toContain('4321');
    const session = await call(t.app, { method: 'GET', url: '/api/v1/device/session', cookie: mine.cookie });
    expect(session.body).not.toContain('4321');
    expect(session.body).not.toContain('argon2');
  });

  it('withholds the url and account fields until unlocked', async () => {
    const id = (await add(mine, mine.cookie, account)).json().data.id;
    const viaTv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/device?mac=${mine.mac}&cle_mac=${mine.key}`,
    });
    const locked = viaTv.json().data.playlists.find((p: { id: number }) => p.id === id);
    expect(locked).toMatchObject({ hasPin: true, url: null, username: null, password: null, host: null });

    const unlock = (pin: string) =>
      call(t.app, {
        method: 'POST',
        url: `/api/v1/playlist/${mine.mac}/${id}/unlock`,
        payload: { pin },
        cookie: mine.cookie,
      });
    const wrong = await unlock('0000');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('incorrect_pin');
    const right = await unlock('4321');
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({ username: 'viewer', password: 's3cret&x', host: account.host });
    expect(right.body).not.toContain('4321');
  });

  it('needs the PIN to edit or delete a protected playlist, and keeps it when not changed', async () => {
    const id = (await add(mine, mine.cookie, account)).json().data.id;
    const url = `/api/v1/playlist/${mine.mac}/${id}`;
    const edit = { ...account, name: 'Sports HD', pin: null };
    const noPin = await call(t.app, { method: 'PUT', url, payload: edit, cookie: mine.cookie });
    expect(noPin.statusCode).toBe(403);
    expect(noPin.json().code).toBe('pin_required');
    const withPin = await call(t.app, {
      method: 'PUT',
      url,
      payload: edit,
      cookie: mine.cookie,
      headers: { 'x-playlist-pin': '4321' },
    });
    expect(withPin.statusCode).toBe(200);
    expect(withPin.json().data).toMatchObject({ name: 'Sports HD', hasPin: true });
    expect((await call(t.app, { method: 'DELETE', url, cookie: mine.cookie })).statusCode).toBe(403);
    const deleted = await call(t.app, {
      method: 'DELETE',
      url,
      cookie: mine.cookie,
      headers: { 'x-playlist-pin': '4321' },
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('locks a playlist after 10 wrong PINs, even for the right one', async () => {
    const id = (await add(mine, mine.cookie, account)).json().data.id;
    const unlock = (pin: string) =>
      call(t.app, {
        method: 'POST',
        url: `/api/v1/playlist/${mine.mac}/${id}/unlock`,
        payload: { pin },
        cookie: mine.cookie,
      });
    for (let i = 0; i < 9; i += 1) expect((await unlock(`000${i}`)).statusCode).toBe(403);
    const tenth = await unlock('0009');
    expect(tenth.statusCode).toBe(429);
    const right = await unlock('4321');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('text a playlist stores refuses line breaks, NUL and direction controls', () => {
  let device: { mac: string; cookie: string };
  let existingId: number;
  beforeAll(async () => {
    const registered = await registerDevice(t.app);
    device = { mac: registered.mac, cookie: await signInDevice(t.app, registered.mac, registered.key) };
    existingId = (await add(device, device.cookie, direct)).json().data.id;
  });

  const CHARACTERS = {
    CR: '\r',
    LF: '\n',
    CRLF: '\r\n',
    NUL: '\0',
    'U+202A': '\u202A',
    'U+202E': '\u202E',
    'U+2066': '\u2066',
    'U+2069': '\u2069',
    'U+2028': '\u2028',
  };
  const account2 = { ...account, hasPin: false, pin: null };
  /** Each text field with the character inside it, in a payload otherwise valid. */
  const FIELDS: Record<string, (c: string) => object> = {
    name: (c) => ({ ...direct, name: `News${c}Sports` }),
    url: (c) => ({ ...direct, url: `http://lists.example/news${c}.m3u` }),
    host: (c) => ({ ...account2, host: `http://provider.example${c}:8080` }),
    username: (c) => ({ ...account2, username: `viewer${c}x` }),
    password: (c) => ({ ...account2, password: `s3cret${c}` }),
    notes: (c) => ({ ...direct, notes: `for the kids${c}` }),
  };
  const cases = Object.entries(FIELDS).flatMap(([field, payload]) =>
    Object.entries(CHARACTERS).map(([label, c]) => [field, label, payload(c)] as const),
  );

  it.each(cases)(
    'refuses %s with %s, adding or editing, with 400 naming it',
    async (field, _label, payload) => {
      const added = await add(device, device.cookie, payload);
      expect(added.statusCode).toBe(400);
      expect(added.json()).toMatchObject({ code: 'invalid_input', field });
      expect(added.json().message).toContain('invalid-characters');
      const edited = await call(t.app, {
        method: 'PUT',
        url: `/api/v1/playlist/${device.mac}/${existingId}`,
        payload,
        cookie: device.cookie,
      });
      expect(edited.statusCode).toBe(400);
      expect(edited.json()).toMatchObject({ code: 'invalid_input', field });
    },
  );

  it('refuses a line break at the end too, rather than trimming it away', async () => {
    for (const name of ['News\n', '\r\nNews', 'News\u202E']) {
      const response = await add(device, device.cookie, { ...direct, name });
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('name');
    }
  });

  it('refuses direction marks in addresses and credentials, and allows them in a name', async () => {
    const inUrl = await add(device, device.cookie, { ...direct, url: 'http://lists.example/\u200Fnews.m3u' });
    expect(inUrl.json()).toMatchObject({ field: 'url' });
    const inPassword = await add(device, device.cookie, { ...account2, password: 's3cret\u200E' });
    expect(inPassword.json()).toMatchObject({ field: 'password' });
    const arabicName = 'أخبار \u200FNews';
    const named = await add(device, device.cookie, { ...direct, name: arabicName });
    expect(named.statusCode).toBe(201);
    expect(named.json().data.name).toBe(arabicName);
  });

  it('saved nothing from the refused calls', async () => {
    const session = await call(t.app, {
      method: 'GET',
      url: '/api/v1/device/session',
      cookie: device.cookie,
    });
    const playlists = session.json().data.playlists as { name: string; url: string | null }[];
    expect(playlists).toHaveLength(2);
    expect(JSON.stringify(playlists)).not.toMatch(/\\[rn]|\\u0000|\u202E|\u202A|\u2066|\u2069|\u2028/);
  });
});
