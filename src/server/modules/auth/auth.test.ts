import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  insertUser,
  signIn,
  sessionCookieFrom,
  TEST_PASSWORD,
  type TestApp,
  insertReseller,
} from '../../test/test-app';
import type { UserRow } from '../../db/schema';

let t: TestApp;
let admin: UserRow;
let reseller: UserRow;

beforeAll(async () => {
  // A short lock so the test can see it end; the counts are the production defaults.
  t = await createTestApp({ limits: { loginLockMs: 1_500 } });
  admin = await insertUser(t.database, { role: 'admin' });
  reseller = await insertReseller(t.database, { credits: 7 });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });

describe('POST /auth/login', () => {
  it('signs in, sets an HttpOnly SameSite=Lax cookie and returns the user without secrets', async () => {
    const response = await login(admin.email, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({ id: admin.id, email: admin.email, role: 'admin' });
    expect(body.data).toEqual(body.user);
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
    const cookie = response.cookies.find((c) => c.name === 'sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
  });

  it('stores only a hash of the session token', async () => {
    const cookie = await signIn(t.app, admin.email);
    const token = cookie.split('=')[1]!;
    const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const response = await login(`  ${admin.email.toUpperCase()} `, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const wrong = await login(reseller.email, 'not the password', '10.0.1.1');
    const unknown = await login('nobody@example.test', 'whatever', '10.0.1.1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      success: false,
      code: 'invalid_credentials',
      message: 'Invalid credentials',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('locks an e-mail after 10 failures: the 11th and a correct 12th are refused until the lock ends', async () => {
    const victim = await insertReseller(t.database);
    for (let i = 0; i < 10; i += 1) {
      // Spread over addresses so the per-IP limit is not what stops them.
      expect((await login(victim.email, `wrong-${i}`, `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const eleventh = await login(victim.email, 'wrong-again', '10.1.1.1');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe('account_locked');
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    const twelfthRight = await login(victim.email, TEST_PASSWORD, '10.1.1.2');
    expect(twelfthRight.statusCode).toBe(429);

    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await login(victim.email, TEST_PASSWORD, '10.1.1.3')).statusCode).toBe(200);
  });

  it('gives 429 with Retry-After after 30 failures from one address, whatever the e-mails', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 30; i += 1) {
      expect((await login(`guess${i}@example.test`, 'x', ip)).statusCode).toBe(401);
    }
    const blocked = await login(reseller.email, TEST_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('too_many_attempts');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login(reseller.email, TEST_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it("answers a banned account's right password exactly like a wrong one, and counts it as a failure", async () => {
    const banned = await insertReseller(t.database);
    await t.app.deps.users.setBanned(banned.id, true);
    const right = await login(banned.email, TEST_PASSWORD, '10.3.0.1');
    const wrong = await login(banned.email, 'not-the-password', '10.3.0.2');
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual(wrong.json());
    expect(right.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    for (let i = 0; i < 8; i += 1) await login(banned.email, TEST_PASSWORD, `10.3.0.${10 + i}`);
    // 10 failures in all (right passwords of a banned account included): the account is locked.
    expect((await login(banned.email, TEST_PASSWORD, '10.3.0.99')).json().code).toBe('account_locked');
  });
});

describe('POST /auth/check and /auth/logout', () => {
  it('answers 401 with no session and with a made-up cookie', async () => {
    expect((await call(t.app, { method: 'POST', url: '/api/v1/auth/check', payload: {} })).statusCode).toBe(
      401,
    );
    const forged = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/check',
      payload: {},
      cookie: 'sid=forged',
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('unauthorized');
  });

  it('returns the user and notifications for a live session', async () => {
    const now = new Date();
    await t.database.db
      .insertInto('notifications')
      .values({
        user_id: reseller.id,
        kind: 'credits_received',
        message: 'You received 5 credits',
        created_at: now,
      })
      .execute();
    const cookie = await signIn(t.app, reseller.email);
    const response = await call(t.app, { method: 'POST', url: '/api/v1/auth/check', payload: {}, cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toMatchObject({ id: reseller.id, role: 'reseller', credits: 7, parentId: null });
    expect(body.notifs).toEqual([
      expect.objectContaining({
        message: 'You received 5 credits',
        read: false,
        created_at: now.toISOString(),
      }),
    ]);
  });

  it('ends the session at logout: the old cookie gets 401', async () => {
    const cookie = await signIn(t.app, reseller.email);
    const out = await call(t.app, { method: 'POST', url: '/api/v1/auth/logout', payload: {}, cookie });
    expect(out.statusCode).toBe(200);
    const again = await call(t.app, { method: 'POST', url: '/api/v1/auth/check', payload: {}, cookie });
    expect(again.statusCode).toBe(401);
  });

  it("ends a banned user's sessions on the next call", async () => {
    const user = await insertReseller(t.database);
    const cookie = await signIn(t.app, user.email);
    await t.app.deps.users.setBanned(user.id, true);
    const response = await call(t.app, { method: 'POST', url: '/api/v1/auth/check', payload: {}, cookie });
    expect(response.statusCode).toBe(401);
    const left = await t.database.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('expires a session after 30 idle minutes', async () => {
    const cookie = await signIn(t.app, admin.email);
    const thirtyOneMinutesAgo = new Date(Date.now() - 31 * 60_000);
    await t.database.db.updateTable('sessions').set({ last_seen_at: thirtyOneMinutesAgo }).execute();
    const response = await call(t.app, { method: 'POST', url: '/api/v1/auth/check', payload: {}, cookie });
    expect(response.statusCode).toBe(401);
  });

  it('rotates the session at each login: two logins give two different live cookies', async () => {
    const first = await signIn(t.app, admin.email);
    const second = await signIn(t.app, admin.email);
    expect(first).not.toBe(second);
  });
});

describe('PATCH /auth/change-password/{id}', () => {
  const change = (id: number, cookie: string | undefined, payload: unknown) =>
    call(t.app, {
      method: 'PATCH',
      url: `/api/v1/auth/change-password/${id}`,
      payload: payload as object,
      cookie,
    });

  it('needs a session', async () => {
    const response = await change(reseller.id, undefined, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'new password 1',
    });
    expect(response.statusCode).toBe(401);
  });

  it("refuses to change another user's password", async () => {
    const cookie = await signIn(t.app, reseller.email);
    const response = await change(admin.id, cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'new password 1',
    });
    expect(response.statusCode).toBe(403);
  });

  it('says when the current password is wrong', async () => {
    const cookie = await signIn(t.app, reseller.email);
    const response = await change(reseller.id, cookie, {
      currentPassword: 'wrong one',
      newPassword: 'new password 1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'current_password_incorrect',
      message: 'Current password is incorrect',
    });
  });

  it('refuses a new password under 8 characters, naming the field', async () => {
    const cookie = await signIn(t.app, reseller.email);
    const response = await change(reseller.id, cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_input', field: 'newPassword' });
  });

  it('changes it, ends every old session and keeps this browser signed in', async () => {
    const user = await insertUser(t.database, { role: 'sub_reseller' });
    const otherBrowser = await signIn(t.app, user.email);
    const cookie = await signIn(t.app, user.email);
    const response = await change(user.id, cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new secret',
    });
    expect(response.statusCode).toBe(200);
    const fresh = sessionCookieFrom(response);
    const check = (c: string) =>
      call(t.app, { method: 'POST', url: '/api/v1/auth/check', payload: {}, cookie: c });
    expect((await check(otherBrowser)).statusCode).toBe(401);
    expect((await check(cookie)).statusCode).toBe(401);
    expect((await check(fresh)).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD, '10.4.0.1')).statusCode).toBe(401);
    expect((await login(user.email, 'a brand new secret', '10.4.0.1')).statusCode).toBe(200);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing call with a session cookie from another origin', async () => {
    const cookie = await signIn(t.app, admin.email);
    const fromEvil = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: {},
      cookie,
      headers: { origin: 'https://evil.example', host: 'panel.example' },
    });
    expect(fromEvil.statusCode).toBe(403);
    expect(fromEvil.json().code).toBe('cross_site_request');
    const fetchSite = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: {},
      cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchSite.statusCode).toBe(403);
    // The session survived both attempts.
    const check = await call(t.app, { method: 'POST', url: '/api/v1/auth/check', payload: {}, cookie });
    expect(check.statusCode).toBe(200);
  });

  it('accepts the same call from our own origin', async () => {
    const cookie = await signIn(t.app, admin.email);
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/check',
      payload: {},
      cookie,
      headers: { origin: 'http://panel.example', host: 'panel.example', 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(200);
  });
});
