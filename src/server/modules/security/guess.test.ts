import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AttemptLimiter, AttemptRule } from './attempt-limiter';
import { DatabaseAttemptLimiter } from './database-attempt-limiter';
import { guess } from './guess';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const rule: AttemptRule = { maxFailures: 3, windowMs: 60_000, lockMs: 60_000 };
const newKey = () => `guess:${randomBytes(4).toString('hex')}`;

/** The run's database limiter, whose release waits for `gate` (a slow round trip) or fails. */
function limiterWithRelease(release: (give: () => Promise<void>) => Promise<void>) {
  const limiter = new DatabaseAttemptLimiter(t.database.db);
  const held: AttemptLimiter = {
    reserve: (attempts) => limiter.reserve(attempts),
    fail: (attempts) => limiter.fail(attempts),
    reset: (key) => limiter.reset(key),
    forgetEnded: () => limiter.forgetEnded(),
    release: (keys) => release(() => limiter.release(keys)),
  };
  return { limiter, held };
}

describe('guess: giving reservations back', () => {
  it('answers a right secret before its reservation is given back, which counts until it is', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let givenBack: Promise<void> | undefined;
    const { limiter, held } = limiterWithRelease(async (give) => {
      await gate;
      givenBack = give();
      await givenBack;
    });
    const key = newKey();

    const outcome = await guess(held, [{ key, rule, refusal: 'too_many_attempts' }], async () => 'right');
    expect(outcome).toEqual({ right: true, value: 'right' });
    // Still held: the next attempt is the second in the window (stricter, never more lenient).
    expect(await limiter.reserve([{ key, rule }])).toEqual([{ locked: false, attempts: 2 }]);
    await limiter.release([key]);

    open();
    await gate;
    await new Promise((resolve) => setImmediate(resolve));
    await givenBack;
    expect(await limiter.reserve([{ key, rule }])).toEqual([{ locked: false, attempts: 1 }]);
  });

  it('still answers when giving back fails (the database went away): the count ends with its window', async () => {
    const { limiter, held } = limiterWithRelease(() => Promise.reject(new Error('connection terminated')));
    const key = newKey();
    const outcome = await guess(held, [{ key, rule, refusal: 'too_many_attempts' }], async () => 'right');
    expect(outcome).toEqual({ right: true, value: 'right' });
    expect(await limiter.reserve([{ key, rule }])).toEqual([{ locked: false, attempts: 2 }]);
  });

  it('keeps a wrong secret counted and refuses past the limit, as before', async () => {
    const { held } = limiterWithRelease((give) => give());
    const key = newKey();
    for (let i = 0; i < rule.maxFailures; i += 1) {
      const outcome = await guess(held, [{ key, rule, refusal: 'too_many_attempts' }], async () => null);
      expect(outcome.right).toBe(false);
    }
    await expect(
      guess(held, [{ key, rule, refusal: 'too_many_attempts' }], async () => 'right'),
    ).rejects.toMatchObject({ statusCode: 429 });
  });
});
