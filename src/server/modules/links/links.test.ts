import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, insertUser, signIn, type TestApp, insertReseller } from '../../test/test-app';

let t: TestApp;
let adminCookie: string;
let resellerCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await signIn(t.app, (await insertUser(t.database, { role: 'admin' })).email);
  resellerCookie = await signIn(t.app, (await insertReseller(t.database)).email);
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  call(t.app, {
    method,
    url: `/api/v1${url}`,
    cookie,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const create = async (payload: { version?: string | null; url: string }) => {
  const response = await send('POST', '/link', adminCookie, payload);
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; version: string | null; url: string; created_at: string };
};

describe('who may call', () => {
  it('answers 401 without a session on every call', async () => {
    const link = await create({ url: 'https://apps.example/tv.apk' });
    expect((await send('GET', '/link')).statusCode).toBe(401);
    expect((await send('POST', '/link', undefined, { url: 'https://x.example' })).statusCode).toBe(401);
    expect((await send('PUT', `/link/${link.id}`, undefined, { url: 'https://x.example' })).statusCode).toBe(
      401,
    );
    expect((await send('DELETE', `/link/${link.id}`)).statusCode).toBe(401);
  });

  it('lets a reseller read but not change links (403)', async () => {
    const link = await create({ url: 'https://apps.example/read-only.apk' });
    const read = await send('GET', '/link', resellerCookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.map((l: { id: number }) => l.id)).toContain(link.id);

    const post = await send('POST', '/link', resellerCookie, { url: 'https://x.example' });
    const put = await send('PUT', `/link/${link.id}`, resellerCookie, { url: 'https://x.example' });
    const del = await send('DELETE', `/link/${link.id}`, resellerCookie);
    for (const response of [post, put, del]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, code: 'forbidden' });
    }
    const after = (await send('GET', '/link', adminCookie)).json().data;
    expect(after.find((l: { id: number }) => l.id === link.id)).toMatchObject({ url: link.url });
  });
});

describe('admin manages links', () => {
  it('adds, lists newest first, edits and deletes', async () => {
    const older = await create({ version: '1.0.0', url: 'https://apps.example/v1.apk' });
    const newer = await create({ url: 'http://apps.example/latest.apk' });
    expect(older).toMatchObject({ version: '1.0.0', url: 'https://apps.example/v1.apk' });
    expect(newer.version).toBeNull();
    expect(new Date(newer.created_at).toISOString()).toBe(newer.created_at);

    const list = await send('GET', '/link', resellerCookie);
    expect(list.json().success).toBe(true);
    const ids = list.json().data.map((l: { id: number }) => l.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(Object.keys(list.json().data[0]).sort()).toEqual(['created_at', 'id', 'url', 'version']);

    const edited = await send('PUT', `/link/${older.id}`, adminCookie, {
      version: ' 1.1.0 ',
      url: 'https://apps.example/v1.1.apk',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      id: older.id,
      version: '1.1.0',
      url: 'https://apps.example/v1.1.apk',
    });

    const clearedVersion = await send('PUT', `/link/${older.id}`, adminCookie, {
      version: '',
      url: 'https://a.example',
    });
    expect(clearedVersion.json().data.version).toBeNull();

    const deleted = await send('DELETE', `/link/${older.id}`, adminCookie);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    const left = (await send('GET', '/link', adminCookie)).json().data.map((l: { id: number }) => l.id);
    expect(left).not.toContain(older.id);
    expect(left).toContain(newer.id);
  });

  it('answers 404 for an unknown id on edit and delete', async () => {
    const put = await send('PUT', '/link/987654', adminCookie, { url: 'https://x.example' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ success: false, code: 'not_found' });
    expect((await send('DELETE', '/link/987654', adminCookie)).statusCode).toBe(404);
  });

  it.each([
    ['missing url', { version: '1' }, 'url'],
    ['empty url', { url: '' }, 'url'],
    ['url not a URL', { url: 'apps.example/tv.apk' }, 'url'],
    ['javascript: url', { url: 'javascript:alert(1)' }, 'url'],
    ['ftp url', { url: 'ftp://apps.example/tv.apk' }, 'url'],
    ['url as a number', { url: 42 }, 'url'],
    ['url over 2048 characters', { url: `https://apps.example/${'a'.repeat(2048)}` }, 'url'],
    ['version over 50 characters', { version: 'v'.repeat(51), url: 'https://a.example' }, 'version'],
    ['version as a number', { version: 2, url: 'https://a.example' }, 'version'],
    ['an unknown field', { url: 'https://a.example', id: 5 }, 'id'],
  ])('refuses bad input on add and edit (%s) with 400 naming the field', async (_label, payload, field) => {
    const link = await create({ url: 'https://apps.example/target.apk' });
    for (const response of [
      await send('POST', '/link', adminCookie, payload),
      await send('PUT', `/link/${link.id}`, adminCookie, payload),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'invalid_input', field });
    }
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('refuses a bad id (%s) with 400', async (id) => {
    const put = await send('PUT', `/link/${id}`, adminCookie, { url: 'https://x.example' });
    const del = await send('DELETE', `/link/${id}`, adminCookie);
    for (const response of [put, del]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('id');
    }
  });
});
