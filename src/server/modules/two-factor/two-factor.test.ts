import { generateTOTP } from '@epic-web/totp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../../db/schema';
import {
  call,
  createTestApp,
  insertUser,
  sessionCookieFrom,
  signIn,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/**
 * The clock (only Date) moves on by a 30-second step before each code, so every code is new; the server
 * runs in this process and reads the same clock.
 */
function useMovingClock() {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
}
function advance(ms: number) {
  vi.setSystemTime(Date.now() + ms);
}
async function nextCode(secret: string): Promise<string> {
  advance(30_000);
  return (await generateTOTP({ secret })).otp;
}
async function currentCode(secret: string): Promise<string> {
  return (await generateTOTP({ secret })).otp;
}

const post = (url: string, payload: unknown, cookie?: string, ip = '10.9.0.1') =>
  call(t.app, {
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    cookie,
    remoteAddress: ip,
  });

/** Setup then enable: answers the secret, the recovery codes and the session that did it. */
async function enrol(user: UserRow) {
  const cookie = await signIn(t.app, user.email);
  const setup = await post('/auth/2fa/setup', {}, cookie);
  expect(setup.statusCode).toBe(200);
  const secret: string = setup.json().secret;
  const enabled = await post('/auth/2fa/enable', { code: await nextCode(secret) }, cookie);
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: enabled.json().recovery_codes as string[], cookie };
}

async function passwordStep(user: UserRow, ip?: string): Promise<string> {
  const response = await post('/auth/login', { email: user.email, password: TEST_PASSWORD }, undefined, ip);
  expect(response.statusCode).toBe(200);
  return response.json().step_token;
}

describe('two-factor endpoints refuse what they should', () => {
  it('answer 401 without a session (setup, enable, disable) and for an unknown step token (verify)', async () => {
    expect((await post('/auth/2fa/setup', {})).statusCode).toBe(401);
    expect((await post('/auth/2fa/enable', { code: '123456' })).statusCode).toBe(401);
    expect((await post('/auth/2fa/disable', { password: 'x', code: '123456' })).statusCode).toBe(401);
    const verify = await post('/auth/2fa/verify', { step_token: 'made-up', code: '123456' });
    expect(verify.statusCode).toBe(401);
    expect(verify.json().code).toBe('two_factor_step_expired');
  });

  it('answer 400 naming the field for bad input, never 500', async () => {
    const user = await insertUser(t.database);
    const cookie = await signIn(t.app, user.email);
    const cases: [string, unknown, string][] = [
      ['/auth/2fa/enable', {}, 'code'],
      ['/auth/2fa/enable', { code: '12ab56' }, 'code'],
      ['/auth/2fa/enable', { code: 123456 }, 'code'],
      ['/auth/2fa/disable', { code: '123456' }, 'password'],
      ['/auth/2fa/disable', { password: 'x', code: 'not a code' }, 'code'],
      ['/auth/2fa/verify', { step_token: 'x' }, 'code'],
      ['/auth/2fa/verify', { code: '123456' }, 'step_token'],
      ['/auth/2fa/verify', { step_token: 'x'.repeat(500), code: '123456' }, 'step_token'],
    ];
    for (const [url, payload, field] of cases) {
      const response = await post(url, payload, cookie);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_input', field });
    }
    const extra = await post('/auth/2fa/enable', { code: '123456', admin: true }, cookie);
    expect(extra.statusCode).toBe(400);
  });

  it('refuse to enable without a set-up, and to disable what is off (409)', async () => {
    const user = await insertUser(t.database);
    const cookie = await signIn(t.app, user.email);
    const enable = await post('/auth/2fa/enable', { code: '123456' }, cookie);
    expect(enable.statusCode).toBe(409);
    expect(enable.json().code).toBe('two_factor_setup_required');
    const disable = await post('/auth/2fa/disable', { password: TEST_PASSWORD, code: '123456' }, cookie);
    expect(disable.statusCode).toBe(409);
    expect(disable.json().code).toBe('two_factor_not_enabled');
  });
});

describe('enrolment', () => {
  it('gives a secret, its otpauth:// link and QR code; a first code enables it with 10 recovery codes stored hashed', async () => {
    useMovingClock();
    const user = await insertUser(t.database);
    const cookie = await signIn(t.app, user.email);
    const setup = await post('/auth/2fa/setup', {}, cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url: url, qr_svg: svg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 160 bits
    expect(url).toMatch(/^otpauth:\/\/totp\/StreamBox%20Player:/);
    expect(url).toContain(`secret=${secret}`);
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const wrong = await post(
      '/auth/2fa/enable',
      { code: '000000' === (await nextCode(secret)) ? '111111' : '000000' },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'two_factor_code_incorrect', field: 'code' });

    const enabled = await post('/auth/2fa/enable', { code: await nextCode(secret) }, cookie);
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const stored = await t.database.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const row of stored)
      expect(codes.some((code) => row.code_hash.includes(code.replace(/-/g, '')))).toBe(false);

    // The session says so, and the secret is never shown again.
    const check = await post('/auth/check', {}, cookie);
    expect(check.json().data).toMatchObject({ twoFactorEnabled: true, twoFactorEnrolmentRequired: false });
    expect(check.body).not.toContain(secret);
    const again = await post('/auth/2fa/setup', {}, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('two_factor_already_enabled');
    expect(again.body).not.toContain(secret);
  });

  it("ends the account's other sessions and keeps the one that enabled it", async () => {
    useMovingClock();
    const user = await insertUser(t.database);
    const other = await signIn(t.app, user.email);
    const { cookie } = await enrol(user);
    expect((await post('/auth/check', {}, other)).statusCode).toBe(401);
    expect((await post('/auth/check', {}, cookie)).statusCode).toBe(200);
  });
});

describe('sign-in with a code', () => {
  it('asks for the code after the password with a step token and no session; the code gives the session', async () => {
    useMovingClock();
    const user = await insertUser(t.database);
    const { secret } = await enrol(user);

    const login = await post('/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(Object.keys(login.json()).sort()).toEqual(['step_token', 'success', 'two_factor_required']);
    expect(login.json()).toMatchObject({ success: true, two_factor_required: true });
    expect(login.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const stepToken: string = login.json().step_token;
    expect(Buffer.from(stepToken, 'base64url').length).toBeGreaterThanOrEqual(16);

    // Single-purpose: it is no session cookie, and only its hash is stored.
    expect((await post('/auth/check', {}, `sid=${stepToken}`)).statusCode).toBe(401);
    const rows = await t.database.db.selectFrom('two_factor_challenges').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === stepToken)).toBe(false);

    const verify = await post('/auth/2fa/verify', { step_token: stepToken, code: await nextCode(secret) });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user).toMatchObject({ id: user.id, twoFactorEnabled: true });
    const cookie = sessionCookieFrom(verify);
    expect((await post('/auth/check', {}, cookie)).statusCode).toBe(200);

    // Single use: the same step token with the next code is refused.
    const reuse = await post('/auth/2fa/verify', { step_token: stepToken, code: await nextCode(secret) });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('two_factor_step_expired');
  });

  it('refuses a code already used in its window (replay), also right after enabling', async () => {
    useMovingClock();
    const user = await insertUser(t.database);
    const { secret } = await enrol(user);
    // The enrolment's own code cannot sign in.
    const first = await post('/auth/2fa/verify', {
      step_token: await passwordStep(user),
      code: await currentCode(secret),
    });
    expect(first.statusCode).toBe(401);
    expect(first.json().code).toBe('two_factor_code_incorrect');

    const code = await nextCode(secret);
    expect((await post('/auth/2fa/verify', { step_token: await passwordStep(user), code })).statusCode).toBe(
      200,
    );
    const replay = await post('/auth/2fa/verify', { step_token: await passwordStep(user), code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('two_factor_code_incorrect');
  });

  it('lets exactly one of two parallel sign-ins with the same code through', async () => {
    useMovingClock();
    const user = await insertUser(t.database);
    const { secret } = await enrol(user);
    const tokens = [await passwordStep(user), await passwordStep(user)];
    const code = await nextCode(secret);
    const answers = await Promise.all(
      tokens.map((step_token) => post('/auth/2fa/verify', { step_token, code })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('expires the step token after 5 minutes', async () => {
    useMovingClock();
    const user = await insertUser(t.database);
    const { secret } = await enrol(user);
    const stepToken = await passwordStep(user);
    advance(5 * 60_000 + 1_000);
    const late = await post('/auth/2fa/verify', { step_token: stepToken, code: await currentCode(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('two_factor_step_expired');
  });

  it('counts wrong codes toward the account lockout; a right password does not clear them', async () => {
    useMovingClock();
    const user = await insertUser(t.database);
    const { secret } = await enrol(user);
    const wrongCode = async () => {
      const right = await currentCode(secret);
      return right === '000000' ? '111111' : '000000';
    };
    let stepToken = await passwordStep(user, '10.9.1.1');
    for (let i = 0; i < 10; i += 1) {
      // Halfway, a new password step: it must not reset the count.
      if (i === 5) stepToken = await passwordStep(user, `10.9.1.${i}`);
      const answer = await post(
        '/auth/2fa/verify',
        { step_token: stepToken, code: await wrongCode() },
        undefined,
        `10.9.1.${i}`,
      );
      expect(answer.statusCode).toBe(401);
      expect(answer.json().code).toBe('two_factor_code_incorrect');
    }
    const right = await post(
      '/auth/2fa/verify',
      { step_token: stepToken, code: await nextCode(secret) },
      undefined,
      '10.9.1.50',
    );
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('account_locked');
    const password = await post(
      '/auth/login',
      { email: user.email, password: TEST_PASSWORD },
      undefined,
      '10.9.1.51',
    );
    expect(password.statusCode).toBe(429);
    expect(password.json().code).toBe('account_locked');
  });

  it('holds the lockout under concurrency: 30 wrong codes at once evaluate at most 10', async () => {
    useMovingClock();
    const user = await insertUser(t.database);
    const { secret } = await enrol(user);
    const stepToken = await passwordStep(user);
    const right = await currentCode(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post('/auth/2fa/verify', { step_token: stepToken, code: wrong }, undefined, `10.9.2.${i}`),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
  });

  it('accepts each recovery code once, in any case and with or without dashes; two parallel uses: one succeeds', async () => {
    useMovingClock();
    const user = await insertUser(t.database);
    const { recoveryCodes } = await enrol(user);
    const [first, second] = recoveryCodes as [string, string];
    const used = await post('/auth/2fa/verify', {
      step_token: await passwordStep(user),
      code: first.toUpperCase(),
    });
    expect(used.statusCode).toBe(200);
    const again = await post('/auth/2fa/verify', {
      step_token: await passwordStep(user),
      code: first.replace(/-/g, ''),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('two_factor_code_incorrect');

    const tokens = [await passwordStep(user), await passwordStep(user)];
    const answers = await Promise.all(
      tokens.map((step_token) => post('/auth/2fa/verify', { step_token, code: second })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });
});

describe('disable', () => {
  it('needs the password and a code, ends the other sessions and signs in with the password alone again', async () => {
    useMovingClock();
    const user = await insertUser(t.database);
    const { secret, cookie } = await enrol(user);
    const otherVerify = await post('/auth/2fa/verify', {
      step_token: await passwordStep(user),
      code: await nextCode(secret),
    });
    const other = sessionCookieFrom(otherVerify);

    const wrongPassword = await post(
      '/auth/2fa/disable',
      { password: 'not it', code: await nextCode(secret) },
      cookie,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ code: 'current_password_incorrect', field: 'password' });
    const wrongCode = await post('/auth/2fa/disable', { password: TEST_PASSWORD, code: '000000' }, cookie);
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ code: 'two_factor_code_incorrect', field: 'code' });

    // The code the wrong password came with was not spent: it still works.
    const off = await post(
      '/auth/2fa/disable',
      { password: TEST_PASSWORD, code: await currentCode(secret) },
      cookie,
    );
    expect(off.statusCode).toBe(200);
    expect((await post('/auth/check', {}, other)).statusCode).toBe(401);
    const check = await post('/auth/check', {}, cookie);
    expect(check.json().data.twoFactorEnabled).toBe(false);
    const login = await post('/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.json().user).toMatchObject({ id: user.id });
    const leftovers = await t.database.db
      .selectFrom('two_factor_recovery_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(leftovers).toHaveLength(0);
  });
});

describe('REQUIRE_2FA', () => {
  it('admin: an admin without two-factor may only enrol; resellers are not concerned; enrolling opens the panel', async () => {
    useMovingClock();
    const required = await createTestApp({ config: { requireTwoFactor: 'admin' } });
    try {
      const admin = await insertUser(required.database, { role: 'admin' });
      const reseller = await insertUser(required.database, { role: 'reseller' });
      const cookie = await signIn(required.app, admin.email);
      const ask = (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
        call(required.app, { method, url: `/api/v1${url}`, cookie, ...(payload ? { payload } : {}) });

      const check = await ask('/auth/check', 'POST', {});
      expect(check.statusCode).toBe(200);
      expect(check.json().data).toMatchObject({ twoFactorEnabled: false, twoFactorEnrolmentRequired: true });
      const links = await ask('/link');
      expect(links.statusCode).toBe(403);
      expect(links.json().code).toBe('two_factor_required');

      const resellerCookie = await signIn(required.app, reseller.email);
      const resellerLinks = await call(required.app, {
        method: 'GET',
        url: '/api/v1/link',
        cookie: resellerCookie,
      });
      expect(resellerLinks.statusCode).toBe(200);

      const setup = await ask('/auth/2fa/setup', 'POST', {});
      expect(setup.statusCode).toBe(200);
      const enable = await ask('/auth/2fa/enable', 'POST', { code: await nextCode(setup.json().secret) });
      expect(enable.statusCode).toBe(200);
      expect((await ask('/link')).statusCode).toBe(200);
      expect((await ask('/auth/check', 'POST', {})).json().data.twoFactorEnrolmentRequired).toBe(false);
    } finally {
      await required.close();
    }
  });

  it('all: resellers must enrol too', async () => {
    const required = await createTestApp({ config: { requireTwoFactor: 'all' } });
    try {
      const reseller = await insertUser(required.database, { role: 'reseller' });
      const cookie = await signIn(required.app, reseller.email);
      const links = await call(required.app, { method: 'GET', url: '/api/v1/link', cookie });
      expect(links.statusCode).toBe(403);
      expect(links.json().code).toBe('two_factor_required');
    } finally {
      await required.close();
    }
  });
});
