import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, testDatabaseKind, type TestApp, uniqueMac } from '../../test/test-app';

/**
 * Issue 12: POST /device/register is limited per client address (a TV behind a home router registers
 * once; 20 an hour by default), so one address cannot register MACs in bulk ahead of their TVs
 * (decision 0011). Every registration counts, a 409 included (or it would be a free MAC probe), and
 * the place is reserved before the insert, so parallel registrations cannot overshoot. Shown on this
 * run's database (SQLite, or PostgreSQL with TEST_DATABASE_URL) and, on PostgreSQL, counted in Redis.
 */

const LIMIT = 3;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const register = (t: TestApp, ip: string, mac = uniqueMac()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/device/register',
    payload: { mac, app_name: 'Test TV' },
    remoteAddress: ip,
  });

const backends: Array<[string, boolean]> = [
  [testDatabaseKind, false],
  ...(testDatabaseKind === 'postgres' ? ([['postgres + redis', true]] as Array<[string, boolean]>) : []),
];

describe.each(backends)('the register limit per client address (%s)', (_label, withRedis) => {
  let t: TestApp;
  const redisPrefix = `test:${randomBytes(4).toString('hex')}:`;
  beforeAll(async () => {
    t = await createTestApp({
      limits: { registrationsPerIp: LIMIT, registerWindowMs: 60_000 },
      config: withRedis ? { redisUrl, redisPrefix } : {},
    });
    // The app's Redis client connects after start, and a request before that is an outage answer:
    // wait for it (each try from an address of its own, so no count used here matters).
    for (let i = 0; withRedis && i < 100; i += 1) {
      if ((await register(t, `10.255.0.${i}`)).statusCode < 500) break;
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

  it('answers 429 too_many_attempts with Retry-After once an address has registered its allowance; another address still registers', async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await register(t, '10.1.0.1')).statusCode).toBe(201);
    const refused = await register(t, '10.1.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_attempts');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await register(t, '10.1.0.2')).statusCode).toBe(201);
  });

  it('counts a 409 for a MAC that exists, so the limit is no free MAC probe', async () => {
    const mac = uniqueMac();
    expect((await register(t, '10.1.0.3', mac)).statusCode).toBe(201);
    for (let i = 1; i < LIMIT; i += 1) expect((await register(t, '10.1.0.3', mac)).statusCode).toBe(409);
    expect((await register(t, '10.1.0.3', mac)).statusCode).toBe(429);
  });

  it('holds under concurrency: 30 parallel registrations from one address create exactly the allowance', async () => {
    const responses = await Promise.all(Array.from({ length: 30 }, () => register(t, '10.1.0.4')));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LIMIT);
  });
});

describe('the register limit setting', () => {
  it('defaults to 20 an hour and reads DEVICE_REGISTRATIONS_PER_HOUR (the e2e server raises it)', () => {
    expect(loadConfig({}).limits).toMatchObject({ registrationsPerIp: 20, registerWindowMs: 3_600_000 });
    expect(loadConfig({ DEVICE_REGISTRATIONS_PER_HOUR: '10000' }).limits.registrationsPerIp).toBe(10_000);
  });
});
