import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import {
  call,
  createTestApp,
  insertUser,
  signIn,
  TEST_PASSWORD,
  testDatabaseKind,
  type TestApp,
  insertReseller,
} from '../../test/test-app';

/**
 * Issue 12: a reseller cannot create accounts without end (a cap on its sub-resellers,
 * MAX_SUB_RESELLERS) nor probe which e-mails hold accounts at scale (a rate per window, in which an
 * "e-mail in use" answer counts too). Both hold when the creations arrive together. Admins are exempt.
 * Shown on this run's database (SQLite, or PostgreSQL with TEST_DATABASE_URL) and, on PostgreSQL, with
 * the rate counted in Redis.
 */

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let counter = 0;

function signUp(t: TestApp, cookie: string, email?: string) {
  counter += 1;
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/sign_up_reseller',
    cookie,
    payload: {
      name: `Sub ${counter}`,
      email: email ?? `sub${counter}-${randomBytes(3).toString('hex')}@limits.test`,
      password: TEST_PASSWORD,
      phone: '555 0100',
      credits: 0,
    },
  });
}

async function signedInReseller(t: TestApp) {
  const user = await insertReseller(t.database);
  return { user, cookie: await signIn(t.app, user.email) };
}

const children = async (t: TestApp, parentId: number) =>
  (await t.database.db.selectFrom('users').select('id').where('parent_id', '=', parentId).execute()).length;

describe('the cap on sub-resellers', () => {
  const CAP = 5;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      limits: { resellerCreationsPerWindow: 1_000 },
      config: { maxSubResellers: CAP },
    });
  });
  afterAll(() => t.close());

  it('refuses the creation past the cap with 409 sub_reseller_limit; admins are exempt', async () => {
    const { user, cookie } = await signedInReseller(t);
    for (let i = 0; i < CAP; i += 1) expect((await signUp(t, cookie)).statusCode).toBe(201);
    const over = await signUp(t, cookie);
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('sub_reseller_limit');
    expect(await children(t, user.id)).toBe(CAP);

    const admin = await insertUser(t.database, { role: 'admin' });
    const adminCookie = await signIn(t.app, admin.email);
    for (let i = 0; i < CAP + 2; i += 1) expect((await signUp(t, adminCookie)).statusCode).toBe(201);
  });

  it('holds under concurrency: 20 parallel creations end at exactly the cap, the others 409, never 500', async () => {
    const { user, cookie } = await signedInReseller(t);
    const responses = await Promise.all(Array.from({ length: 20 }, () => signUp(t, cookie)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CAP);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(refused).toHaveLength(20 - CAP);
    for (const response of refused) expect(response.json().code).toBe('sub_reseller_limit');
    expect(await children(t, user.id)).toBe(CAP);
  });

  it('defaults to 200 and reads MAX_SUB_RESELLERS', () => {
    expect(loadConfig({}).maxSubResellers).toBe(200);
    expect(loadConfig({ MAX_SUB_RESELLERS: '12' }).maxSubResellers).toBe(12);
  });
});

const backends: Array<[string, boolean]> = [
  [testDatabaseKind, false],
  ...(testDatabaseKind === 'postgres' ? ([['postgres + redis', true]] as Array<[string, boolean]>) : []),
];

describe.each(backends)('the rate of sub-reseller creations per account (%s)', (_label, withRedis) => {
  const RATE = 3;
  let t: TestApp;
  const redisPrefix = `test:${randomBytes(4).toString('hex')}:`;
  beforeAll(async () => {
    t = await createTestApp({
      limits: { resellerCreationsPerWindow: RATE, resellerCreationWindowMs: 60_000 },
      config: withRedis ? { redisUrl, redisPrefix } : {},
    });
    // The app's Redis client connects after start, and a request before that is an outage answer:
    // wait for it with a call that counts in Redis (a registration, from an address of its own).
    for (let i = 0; withRedis && i < 100; i += 1) {
      const payload = { mac: `02:00:00:00:00:${i.toString(16).padStart(2, '0')}` };
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/device/register',
        payload,
        remoteAddress: `10.255.1.${i}`,
      });
      if (response.statusCode < 500) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    await t.close();
    if (withRedis) {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`attempts:${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  it('counts "e-mail in use" answers too: past the rate, 429 too_many_attempts with Retry-After, for that account only', async () => {
    const taken = await insertReseller(t.database);
    const { cookie } = await signedInReseller(t);
    for (let i = 0; i < RATE; i += 1) {
      const probe = await signUp(t, cookie, taken.email);
      expect(probe.statusCode).toBe(409);
      expect(probe.json().code).toBe('conflict');
    }
    const refused = await signUp(t, cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_attempts');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const other = await signedInReseller(t);
    expect((await signUp(t, other.cookie)).statusCode).toBe(201);
  });

  it('holds under concurrency: 20 parallel creations by one account get exactly the rate answered', async () => {
    const { user, cookie } = await signedInReseller(t);
    const responses = await Promise.all(Array.from({ length: 20 }, () => signUp(t, cookie)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(RATE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - RATE);
    expect(await children(t, user.id)).toBe(RATE);
  });

  it('does not limit admins', async () => {
    const admin = await insertUser(t.database, { role: 'admin' });
    const adminCookie = await signIn(t.app, admin.email);
    for (let i = 0; i < RATE + 2; i += 1) expect((await signUp(t, adminCookie)).statusCode).toBe(201);
  });
});

describe('RESELLER_TREE_DEPTH', () => {
  const canAdd = async (t: TestApp, cookie: string) =>
    (await call(t.app, { method: 'POST', url: '/api/v1/auth/check', cookie, payload: {} })).json().data
      .canAddSubResellers as boolean;

  it('reads 1..20 from the environment; unset is no limit', () => {
    expect(loadConfig({}).resellerTreeDepth).toBeNull();
    expect(loadConfig({ RESELLER_TREE_DEPTH: '2' }).resellerTreeDepth).toBe(2);
    expect(() => loadConfig({ RESELLER_TREE_DEPTH: '0' })).toThrow(/RESELLER_TREE_DEPTH/);
  });

  it('with a depth of 2, a reseller adds sub-resellers and they cannot add any (403), as the session says', async () => {
    const t = await createTestApp({ config: { resellerTreeDepth: 2 } });
    try {
      const admin = await signIn(t.app, (await insertUser(t.database, { role: 'admin' })).email);
      expect(await canAdd(t, admin)).toBe(true);
      const reseller = await insertReseller(t.database);
      const resellerCookie = await signIn(t.app, reseller.email);
      expect(await canAdd(t, resellerCookie)).toBe(true);
      const created = await signUp(t, resellerCookie);
      expect(created.statusCode).toBe(201);

      const subCookie = await signIn(t.app, created.json().data.email);
      expect(await canAdd(t, subCookie)).toBe(false);
      const refused = await signUp(t, subCookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('forbidden');
    } finally {
      await t.close();
    }
  });

  it('with a depth of 1, only admins add accounts; without a depth, a sub-reseller may too', async () => {
    const shallow = await createTestApp({ config: { resellerTreeDepth: 1 } });
    try {
      const cookie = await signIn(shallow.app, (await insertReseller(shallow.database)).email);
      expect(await canAdd(shallow, cookie)).toBe(false);
      expect((await signUp(shallow, cookie)).statusCode).toBe(403);
    } finally {
      await shallow.close();
    }
    const open = await createTestApp();
    try {
      const parent = await insertReseller(open.database);
      const sub = await insertUser(open.database, { role: 'sub_reseller', parentId: parent.id });
      const cookie = await signIn(open.app, sub.email);
      expect(await canAdd(open, cookie)).toBe(true);
      expect((await signUp(open, cookie)).statusCode).toBe(201);
    } finally {
      await open.close();
    }
  });
});
