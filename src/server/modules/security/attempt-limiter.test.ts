import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type AttemptLimiter, DatabaseAttemptLimiter } from './attempt-limiter';
import { RedisAttemptLimiter } from './redis-attempt-limiter';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let t: TestApp;
let redis: Redis;
const prefix = `test:${process.pid}:${randomBytes(3).toString('hex')}:`;

beforeAll(async () => {
  t = await createTestApp();
  redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await t.close();
});

const rule = { maxFailures: 3, windowMs: 60_000, lockMs: 400 };

describe.each([
  ['database', () => new DatabaseAttemptLimiter(t.database.db) as AttemptLimiter],
  [
    'database, sole writer',
    () => new DatabaseAttemptLimiter(t.database.db, undefined, { soleWriter: true }) as AttemptLimiter,
  ],
  ['redis', () => new RedisAttemptLimiter(redis, prefix) as AttemptLimiter],
])('%s attempt limiter', (_store, make) => {
  it('locks a key at the limit, for the lock time, then lets it go', async () => {
    const limiter = make();
    const key = `k:${randomBytes(4).toString('hex')}`;
    expect(await limiter.registerFailure(key, rule)).toEqual({ locked: false });
    expect(await limiter.registerFailure(key, rule)).toEqual({ locked: false });
    expect((await limiter.check(key)).locked).toBe(false);
    const third = await limiter.registerFailure(key, rule);
    expect(third.locked).toBe(true);
    const state = await limiter.check(key);
    expect(state.locked).toBe(true);
    if (state.locked) expect(state.retryAfterMs).toBeLessThanOrEqual(400);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await limiter.check(key)).locked).toBe(false);
  });

  it('keeps keys apart and forgets a key on reset', async () => {
    const limiter = make();
    const a = `a:${randomBytes(4).toString('hex')}`;
    const b = `b:${randomBytes(4).toString('hex')}`;
    await limiter.registerFailure(a, rule);
    await limiter.registerFailure(a, rule);
    await limiter.registerFailure(b, rule);
    await limiter.reset(a);
    expect(await limiter.registerFailure(a, rule)).toEqual({ locked: false });
    expect(await limiter.registerFailure(b, rule)).toEqual({ locked: false });
    expect((await limiter.registerFailure(b, rule)).locked).toBe(true);
  });

  it('counts parallel failures exactly', async () => {
    const limiter = make();
    const key = `p:${randomBytes(4).toString('hex')}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        limiter.registerFailure(key, { ...rule, maxFailures: 10, lockMs: 60_000 }),
      ),
    );
    expect(results.filter((r) => r.locked)).toHaveLength(1);
    expect((await limiter.check(key)).locked).toBe(true);
  });
});

describe('database attempt limiter as the sole writer', () => {
  it('finds the locks of an earlier process after a restart, and keeps new ones in memory', async () => {
    const key = `r:${randomBytes(4).toString('hex')}`;
    const lockRule = { maxFailures: 2, windowMs: 60_000, lockMs: 60_000 };
    const before = new DatabaseAttemptLimiter(t.database.db, undefined, { soleWriter: true });
    await before.registerFailure(key, lockRule);
    expect((await before.registerFailure(key, lockRule)).locked).toBe(true);

    const restarted = new DatabaseAttemptLimiter(t.database.db, undefined, { soleWriter: true });
    const [state, other] = await restarted.checkEach([key, `${key}:other`]);
    expect(state?.locked).toBe(true);
    expect(other).toEqual({ locked: false });

    await restarted.reset(key);
    expect((await restarted.check(key)).locked).toBe(false);
    expect((await new DatabaseAttemptLimiter(t.database.db).check(key)).locked).toBe(false);
  });
});
