import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import {
  call,
  createTestApp,
  insertUser,
  registerDevice,
  signIn,
  type TestApp,
  insertReseller,
} from '../../test/test-app';

let t: TestApp;
let admin: UserRow;
let owner: UserRow;
let rival: UserRow;
const cookies: Record<string, string> = {};
let ownedMac: string;
let rivalMac: string;

async function activateFor(user: UserRow, cookie: string, mac: string) {
  const { id } = await t.database.db
    .selectFrom('devices')
    .select('id')
    .where('mac', '=', mac)
    .executeTakeFirstOrThrow();
  await call(t.app, {
    method: 'POST',
    url: '/api/v1/device/updatepayment',
    payload: { user_id: user.id, plan: 'year', mac: id },
    cookie,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t.database, { role: 'admin' });
  owner = await insertReseller(t.database, { credits: 5 });
  rival = await insertUser(t.database, { role: 'sub_reseller', credits: 5, parentId: owner.id });
  for (const [name, user] of Object.entries({ admin, owner, rival }))
    cookies[name] = await signIn(t.app, user.email);
  ownedMac = (await registerDevice(t.app)).mac;
  rivalMac = (await registerDevice(t.app)).mac;
  await activateFor(owner, cookies.owner!, ownedMac);
  await activateFor(rival, cookies.rival!, rivalMac);
});
afterAll(() => t.close());

const protectedList = {
  name: 'Kids',
  url: 'https://lists.example/kids.m3u',
  isAccount: false,
  hasPin: true,
  pin: '2468',
};
const add = (cookie: string | undefined, payload: object) =>
  call(t.app, { method: 'POST', url: '/api/v1/reseller/add_playlist', cookie, payload });

describe('panel playlists', () => {
  it('adds a PIN-protected playlist to an owned device; the list masks it', async () => {
    const created = await add(cookies.owner, { ...protectedList, mac: ownedMac, userId: owner.id });
    expect(created.statusCode).toBe(201);
    expect(created.body).not.toContain('2468');
    const list = await call(t.app, {
      method: 'GET',
      url: `/api/v1/reseller/get_playlists/${owner.id}`,
      cookie: cookies.owner,
    });
    const row = list.json().data.find((p: { id: number }) => p.id === created.json().data.id);
    expect(row).toMatchObject({ name: 'Kids', hasPin: true, url: null, mac: ownedMac });
  });

  it("cannot add to, list, unlock, edit or delete another reseller's device playlists", async () => {
    expect((await add(cookies.rival, { ...protectedList, mac: ownedMac })).statusCode).toBe(404);
    const theirs = (await add(cookies.owner, { ...protectedList, mac: ownedMac })).json().data.id;
    const list = await call(t.app, {
      method: 'GET',
      url: `/api/v1/reseller/get_playlists/${rival.id}`,
      cookie: cookies.rival,
    });
    expect(list.json().data.map((p: { id: number }) => p.id)).not.toContain(theirs);
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: `/api/v1/reseller/get_playlists/${owner.id}`,
          cookie: cookies.rival,
        })
      ).statusCode,
    ).toBe(403);
    const unlock = await call(t.app, {
      method: 'POST',
      url: `/api/v1/reseller/playlist/${theirs}/unlock`,
      payload: { pin: '2468' },
      cookie: cookies.rival,
    });
    expect(unlock.statusCode).toBe(404);
    const edit = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/reseller/update_playlist/${theirs}`,
      payload: { ...protectedList, name: 'Stolen' },
      cookie: cookies.rival,
      headers: { 'x-playlist-pin': '2468' },
    });
    expect(edit.statusCode).toBe(404);
    const del = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/reseller/delete_playlist/${theirs}`,
      cookie: cookies.rival,
      headers: { 'x-playlist-pin': '2468' },
    });
    expect(del.statusCode).toBe(404);
  });

  it('unlocks with the PIN, edits and deletes with it; admins see every playlist', async () => {
    const id = (await add(cookies.owner, { ...protectedList, mac: ownedMac })).json().data.id;
    const wrong = await call(t.app, {
      method: 'POST',
      url: `/api/v1/reseller/playlist/${id}/unlock`,
      payload: { pin: '1111' },
      cookie: cookies.owner,
    });
    expect(wrong.json().code).toBe('incorrect_pin');
    const right = await call(t.app, {
      method: 'POST',
      url: `/api/v1/reseller/playlist/${id}/unlock`,
      payload: { pin: '2468' },
      cookie: cookies.owner,
    });
    expect(right.json().data.url).toBe(protectedList.url);
    const edited = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/reseller/update_playlist/${id}`,
      payload: { ...protectedList, name: 'Kids HD', pin: null, mac: ownedMac },
      cookie: cookies.owner,
      headers: { 'x-playlist-pin': '2468' },
    });
    expect(edited.json().data).toMatchObject({ name: 'Kids HD', hasPin: true });
    const all = await call(t.app, {
      method: 'GET',
      url: `/api/v1/reseller/get_playlists/${admin.id}`,
      cookie: cookies.admin,
    });
    expect(all.json().data.map((p: { id: number }) => p.id)).toContain(id);
    const noPin = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/reseller/delete_playlist/${id}`,
      cookie: cookies.owner,
    });
    expect(noPin.statusCode).toBe(403);
    const del = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/reseller/delete_playlist/${id}`,
      cookie: cookies.owner,
      headers: { 'x-playlist-pin': '2468' },
    });
    expect(del.statusCode).toBe(200);
  });

  it('refuses bad input with 400 and no session with 401', async () => {
    expect((await add(cookies.owner, { ...protectedList, mac: 'bad' })).statusCode).toBe(400);
    expect((await add(cookies.owner, { ...protectedList, mac: ownedMac, url: 'ftp://x' })).statusCode).toBe(
      400,
    );
    expect((await add(cookies.owner, { ...protectedList, mac: ownedMac, userId: admin.id })).statusCode).toBe(
      403,
    );
    expect((await add(undefined, { ...protectedList, mac: ownedMac })).statusCode).toBe(401);
    expect(
      (
        await call(t.app, {
          method: 'DELETE',
          url: '/api/v1/reseller/delete_playlist/abc',
          cookie: cookies.owner,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('panel playlists: text refuses line breaks, NUL and direction controls', () => {
  const direct = { name: 'News', url: 'https://lists.example/news.m3u', isAccount: false, hasPin: false };
  const account = {
    name: 'Sports',
    isAccount: true,
    host: 'http://provider.example:8080',
    username: 'viewer',
    password: 's3cret',
    hasPin: false,
  };
  const CHARACTERS = { CR: '\r', LF: '\n', NUL: '\0', 'U+202E': '\u202E', 'U+2067': '\u2067' };
  const FIELDS: Record<string, (c: string) => object> = {
    name: (c) => ({ ...direct, name: `News${c}` }),
    url: (c) => ({ ...direct, url: `https://lists.example/${c}news.m3u` }),
    host: (c) => ({ ...account, host: `http://provider.example:8080/${c}` }),
    username: (c) => ({ ...account, username: `${c}viewer` }),
    password: (c) => ({ ...account, password: `s3${c}cret` }),
    notes: (c) => ({ ...direct, notes: `Line one${c}Line two` }),
  };
  const cases = Object.entries(FIELDS).flatMap(([field, payload]) =>
    Object.entries(CHARACTERS).map(([label, c]) => [field, label, payload(c)] as const),
  );
  let existingId: number;
  beforeAll(async () => {
    existingId = (await add(cookies.owner, { ...direct, mac: ownedMac })).json().data.id;
  });

  it.each(cases)(
    'refuses %s with %s, adding or editing, with 400 naming it',
    async (field, _label, payload) => {
      const added = await add(cookies.owner, { ...payload, mac: ownedMac });
      expect(added.statusCode).toBe(400);
      expect(added.json()).toMatchObject({ code: 'invalid_input', field });
      expect(added.json().message).toContain('invalid-characters');
      const edited = await call(t.app, {
        method: 'PUT',
        url: `/api/v1/reseller/update_playlist/${existingId}`,
        payload: { ...payload, mac: ownedMac },
        cookie: cookies.owner,
      });
      expect(edited.statusCode).toBe(400);
      expect(edited.json()).toMatchObject({ code: 'invalid_input', field });
    },
  );

  it('left the playlist as it was', async () => {
    const list = await call(t.app, {
      method: 'GET',
      url: `/api/v1/reseller/get_playlists/${owner.id}`,
      cookie: cookies.owner,
    });
    const row = list.json().data.find((p: { id: number }) => p.id === existingId);
    expect(row).toMatchObject({ name: 'News', url: direct.url, notes: null });
  });
});
