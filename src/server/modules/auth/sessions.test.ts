import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  insertUser,
  sessionCookieFrom,
  TEST_PASSWORD,
  testDatabaseKind,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signInFrom(email: string, userAgent: string, ip: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(response.statusCode).toBe(200);
  return sessionCookieFrom(response);
}

const list = (cookie?: string) => call(t.app, { method: 'GET', url: '/api/v1/auth/sessions', cookie });
const check = (cookie: string) => call(t.app, { method: 'POST', url: '/api/v1/auth/check', cookie });

describe(`GET /auth/sessions (${testDatabaseKind})`, () => {
  it('lists the account’s sessions with browser, address and times, marking the current one', async () => {
    const user = await insertUser(t.database);
    const other = await insertUser(t.database);
    const laptop = await signInFrom(user.email, FIREFOX, '10.2.0.1');
    const phone = await signInFrom(user.email, SAFARI_IPHONE, '10.2.0.2');
    await signInFrom(other.email, FIREFOX, '10.2.0.3');
    const response = await list(laptop);
    expect(response.statusCode).toBe(200);
    const sessions = response.json().data as {
      id: string;
      browser: string;
      ip: string;
      current: boolean;
      signedInAt: string;
      lastActiveAt: string;
    }[];
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.current)!;
    expect(current).toMatchObject({ browser: 'Firefox · Windows', ip: '10.2.0.1' });
    expect(sessions.find((s) => !s.current)).toMatchObject({ browser: 'Safari · iOS', ip: '10.2.0.2' });
    expect(Number.isNaN(Date.parse(current.signedInAt))).toBe(false);
    expect(Number.isNaN(Date.parse(current.lastActiveAt))).toBe(false);
    // Ids are not the cookies' tokens, nor the stored hashes.
    const body = response.body;
    for (const cookie of [laptop, phone]) expect(body).not.toContain(cookie.split('=')[1]!);
    for (const session of sessions) expect(session.id).toMatch(/^[0-9a-f]{16}$/);
    const hashes = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    for (const { token_hash: hash } of hashes) expect(body).not.toContain(hash);
  });

  it('needs a session (401)', async () => {
    expect((await list()).statusCode).toBe(401);
  });

  it('is open to every role (no 403): admins and sub-resellers see their own sessions', async () => {
    for (const role of ['admin', 'sub_reseller'] as const) {
      const user = await insertUser(t.database, { role });
      const cookie = await signInFrom(user.email, FIREFOX, '10.2.1.1');
      const response = await list(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toHaveLength(1);
    }
  });
});

describe(`DELETE /auth/sessions/:id (${testDatabaseKind})`, () => {
  it('ends one of the account’s other sessions', async () => {
    const user = await insertUser(t.database);
    const laptop = await signInFrom(user.email, FIREFOX, '10.3.0.1');
    const phone = await signInFrom(user.email, SAFARI_IPHONE, '10.3.0.2');
    const phoneId = ((await list(laptop)).json().data as { id: string; current: boolean }[]).find(
      (s) => !s.current,
    )!.id;
    const response = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${phoneId}`,
      cookie: laptop,
    });
    expect(response.statusCode).toBe(200);
    expect((await check(phone)).statusCode).toBe(401);
    expect((await check(laptop)).statusCode).toBe(200);
  });

  it("answers 404 for another account's session and leaves it alone", async () => {
    const user = await insertUser(t.database);
    const stranger = await insertUser(t.database);
    const mine = await signInFrom(user.email, FIREFOX, '10.3.1.1');
    const theirs = await signInFrom(stranger.email, FIREFOX, '10.3.1.2');
    const theirId = ((await list(theirs)).json().data as { id: string }[])[0]!.id;
    const response = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${theirId}`,
      cookie: mine,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
    expect((await check(theirs)).statusCode).toBe(200);
  });

  it('signs out when it ends the current session', async () => {
    const user = await insertUser(t.database);
    const cookie = await signInFrom(user.email, FIREFOX, '10.3.2.1');
    const id = ((await list(cookie)).json().data as { id: string }[])[0]!.id;
    const response = await call(t.app, { method: 'DELETE', url: `/api/v1/auth/sessions/${id}`, cookie });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await check(cookie)).statusCode).toBe(401);
  });

  it('refuses a malformed id with 400 naming it, and needs a session', async () => {
    const user = await insertUser(t.database);
    const cookie = await signInFrom(user.email, FIREFOX, '10.3.3.1');
    for (const id of ['nope', 'ABCDEF0123456789', '0'.repeat(64)]) {
      const response = await call(t.app, { method: 'DELETE', url: `/api/v1/auth/sessions/${id}`, cookie });
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('id');
    }
    const anonymous = await call(t.app, { method: 'DELETE', url: `/api/v1/auth/sessions/${'0'.repeat(16)}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe(`POST /auth/sessions/revoke-others (${testDatabaseKind})`, () => {
  it('ends every other session and keeps the current one', async () => {
    const user = await insertUser(t.database);
    const stranger = await insertUser(t.database);
    const keep = await signInFrom(user.email, FIREFOX, '10.4.0.1');
    const others = [
      await signInFrom(user.email, SAFARI_IPHONE, '10.4.0.2'),
      await signInFrom(user.email, FIREFOX, '10.4.0.3'),
    ];
    const strangers = await signInFrom(stranger.email, FIREFOX, '10.4.0.4');
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/sessions/revoke-others',
      cookie: keep,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ended: 2 });
    expect((await check(keep)).statusCode).toBe(200);
    for (const cookie of others) expect((await check(cookie)).statusCode).toBe(401);
    expect((await check(strangers)).statusCode).toBe(200);
    const left = (await list(keep)).json().data as { current: boolean }[];
    expect(left).toEqual([expect.objectContaining({ current: true })]);
  });

  it('needs a session (401) and refuses a body with fields (400)', async () => {
    const anonymous = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/sessions/revoke-others',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const user = await insertUser(t.database);
    const cookie = await signInFrom(user.email, FIREFOX, '10.4.1.1');
    const extra = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/sessions/revoke-others',
      cookie,
      payload: { all: true },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('is what changing the password does to the other sessions too', async () => {
    const user = await insertUser(t.database);
    const here = await signInFrom(user.email, FIREFOX, '10.4.2.1');
    const elsewhere = await signInFrom(user.email, SAFARI_IPHONE, '10.4.2.2');
    const changed = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/auth/change-password/${user.id}`,
      cookie: here,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'another good password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await check(elsewhere)).statusCode).toBe(401);
    const fresh = sessionCookieFrom(changed);
    expect(((await list(fresh)).json().data as unknown[]).length).toBe(1);
  });
});
