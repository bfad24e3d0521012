import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { call, createTestApp, signIn, type TestApp, insertReseller } from '../../test/test-app';

/**
 * Issue 12: a panel session has an absolute lifetime (SESSION_MAX_AGE_MINUTES) besides the idle
 * expiry, so a session kept busy (a stolen cookie replayed every minute) still ends. Shortened to
 * 1.5 s here; the idle expiry keeps its default (30 minutes), so only the age can end it.
 */

const MAX_AGE_MS = 1_500;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ limits: { sessionMaxAgeMs: MAX_AGE_MS } });
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const check = (cookie: string) =>
  call(t.app, { method: 'POST', url: '/api/v1/auth/check', payload: {}, cookie });

describe('the absolute lifetime of a panel session', () => {
  it('refuses an active session once it is older than the maximum age, with 401, and deletes it', async () => {
    const user = await insertReseller(t.database);
    const cookie = await signIn(t.app, user.email);
    const started = Date.now();
    // Busy all along: never idle for more than a few hundred milliseconds.
    while (Date.now() - started < MAX_AGE_MS - 400) {
      expect((await check(cookie)).statusCode).toBe(200);
      await sleep(200);
    }
    await sleep(Math.max(0, MAX_AGE_MS + 100 - (Date.now() - started)));
    const expired = await check(cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('unauthorized');
    const rows = await t.database.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);

    // Signing in again starts a new lifetime.
    expect((await check(await signIn(t.app, user.email))).statusCode).toBe(200);
  });

  it('defaults to 720 minutes and reads SESSION_MAX_AGE_MINUTES', () => {
    expect(loadConfig({}).limits.sessionMaxAgeMs).toBe(720 * 60_000);
    expect(loadConfig({ SESSION_MAX_AGE_MINUTES: '60' }).limits.sessionMaxAgeMs).toBe(60 * 60_000);
  });
});
