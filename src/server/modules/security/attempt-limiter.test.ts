import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AttemptLimiter, AttemptRule } from './attempt-limiter';
import { DatabaseAttemptLimiter } from './database-attempt-limiter';
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

const rule: AttemptRule = { maxFailures: 3, windowMs: 60_000, lockMs: 400 };
const newKey = (name: string) => `${name}:${randomBytes(4).toString('hex')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  ['database', () => new DatabaseAttemptLimiter(t.database.db) as AttemptLimiter],
  [
    'database, sole writer',
    () => new DatabaseAttemptLimiter(t.database.db, undefined, { soleWriter: true }) as AttemptLimiter,
  ],
  ['redis', () => new RedisAttemptLimiter(redis, prefix) as AttemptLimiter],
])('%s attempt limiter', (_store, make) => {
  it('answers the attempts within the limit, locks on the next one for the lock time, then lets go', async () => {
    const limiter = make();
    const key = newKey('k');
    for (const place of [1, 2, 3]) {
      expect(await limiter.reserve([{ key, rule }])).toEqual([{ locked: false, attempts: place }]);
      await limiter.fail([{ key, rule: { ...rule, maxFailures: 99 } }]);
    }
    const [over] = await limiter.reserve([{ key, rule }]);
    expect(over?.locked).toBe(true);
    if (over?.locked) expect(over.retryAfterMs).toBeLessThanOrEqual(400);
    expect((await limiter.reserve([{ key, rule }]))[0]?.locked).toBe(true);
    await sleep(450);
    expect(await limiter.reserve([{ key, rule }])).toEqual([{ locked: false, attempts: 1 }]);
  });

  it('locks from the failure that reaches the limit', async () => {
    const limiter = make();
    const key = newKey('f');
    for (let i = 0; i < 2; i += 1) {
      await limiter.reserve([{ key, rule }]);
      expect(await limiter.fail([{ key, rule }])).toEqual({ locked: false });
    }
    await limiter.reserve([{ key, rule }]);
    expect((await limiter.fail([{ key, rule }])).locked).toBe(true);
    expect((await limiter.reserve([{ key, rule }]))[0]?.locked).toBe(true);
  });

  it('gives released reservations back, so right secrets never add up to a lock', async () => {
    const limiter = make();
    const key = newKey('r');
    for (let i = 0; i < 20; i += 1) {
      const [state] = await limiter.reserve([{ key, rule }]);
      expect(state).toEqual({ locked: false, attempts: 1 });
      await limiter.release([key]);
    }
  });

  it('counts keys apart; reset forgets failures but not a lock in force', async () => {
    const limiter = make();
    const a = newKey('a');
    const b = newKey('b');
    const long = { ...rule, lockMs: 60_000 };
    await limiter.reserve([
      { key: a, rule: long },
      { key: b, rule: long },
    ]);
    await limiter.reserve([{ key: a, rule: long }]);
    await limiter.reset(a);
    expect(await limiter.reserve([{ key: a, rule: long }])).toEqual([{ locked: false, attempts: 1 }]);
    expect(await limiter.reserve([{ key: b, rule: long }])).toEqual([{ locked: false, attempts: 2 }]);
    await limiter.reserve([{ key: b, rule: long }]);
    expect((await limiter.reserve([{ key: b, rule: long }]))[0]?.locked).toBe(true);
    await limiter.reset(b);
    expect((await limiter.reserve([{ key: b, rule: long }]))[0]?.locked).toBe(true);
  });

  it('never reserves on a shared key: parallel right secrets from one address add up to nothing', async () => {
    const limiter = make();
    const key = newKey('s');
    const answers = (
      await Promise.all(Array.from({ length: 50 }, () => limiter.reserve([{ key, rule, shared: true }])))
    ).flat();
    expect(answers.every((answer) => !answer.locked)).toBe(true);
    expect((await limiter.reserve([{ key, rule, shared: true }]))[0]?.locked).toBe(false);
  });

  it("counts a shared key's failures after the fact and locks it at the limit", async () => {
    const limiter = make();
    const key = newKey('sf');
    expect(await limiter.fail([{ key, rule, shared: true }])).toEqual({ locked: false });
    expect(await limiter.fail([{ key, rule, shared: true }])).toEqual({ locked: false });
    expect((await limiter.fail([{ key, rule, shared: true }])).locked).toBe(true);
    expect((await limiter.reserve([{ key, rule, shared: true }]))[0]?.locked).toBe(true);
  });

  it('lets exactly the limit through when 200 attempts arrive at once', async () => {
    const limiter = make();
    const key = newKey('p');
    const tenRule = { maxFailures: 10, windowMs: 60_000, lockMs: 60_000 };
    const answers = (
      await Promise.all(Array.from({ length: 200 }, () => limiter.reserve([{ key, rule: tenRule }])))
    ).flat();
    const through = answers.filter((answer) => !answer.locked);
    expect(through).toHaveLength(10);
    expect(answers.filter((answer) => answer.locked)).toHaveLength(190);
    expect((await limiter.reserve([{ key, rule: tenRule }]))[0]?.locked).toBe(true);
  });

  it('answers a reservation of several keys in its order, each by its own rule, a shared key among them', async () => {
    const limiter = make();
    const [address, tight, loose] = [newKey('ip'), newKey('t'), newKey('l')];
    const tightRule = { maxFailures: 1, windowMs: 60_000, lockMs: 60_000 };
    const attempts = [
      { key: loose, rule },
      { key: address, rule, shared: true },
      { key: tight, rule: tightRule },
    ];
    expect(await limiter.reserve(attempts)).toEqual([
      { locked: false, attempts: 1 },
      { locked: false, attempts: 0 },
      { locked: false, attempts: 1 },
    ]);
    const [second, shared, over] = await limiter.reserve(attempts);
    expect(second).toEqual({ locked: false, attempts: 2 });
    expect(shared).toEqual({ locked: false, attempts: 0 });
    expect(over?.locked).toBe(true);
    if (over?.locked) expect(over.retryAfterMs).toBeGreaterThan(59_000);
  });

  it('counts each key of a large turn by its own rule (300 polls, one statement on PostgreSQL)', async () => {
    const limiter = make();
    const tightRule = { maxFailures: 1, windowMs: 60_000, lockMs: 60_000 };
    const polls = Array.from({ length: 300 }, (_, i) => [
      { key: newKey(`ip${i % 7}`), rule, shared: true },
      { key: newKey(`mac-ip${i}`), rule: i % 2 === 0 ? tightRule : rule },
      { key: newKey(`mac${i}`), rule },
    ]);
    const reserveAll = () => Promise.all(polls.map((attempts) => limiter.reserve(attempts)));
    await reserveAll();
    // The second turn finds every row: a tight key goes over its limit of 1, the others count 2.
    const second = await reserveAll();
    second.forEach(([shared, perGuesser, perMac], i) => {
      expect(shared).toEqual({ locked: false, attempts: 0 });
      if (i % 2 === 0) {
        expect(perGuesser?.locked).toBe(true);
        if (perGuesser?.locked) expect(perGuesser.retryAfterMs).toBeGreaterThan(59_000);
      } else {
        expect(perGuesser).toEqual({ locked: false, attempts: 2 });
      }
      expect(perMac).toEqual({ locked: false, attempts: 2 });
    });
  });

  it('takes 200 reservations and releases of the same keys in both orders at once without a deadlock', async () => {
    const limiter = make();
    const [a, b] = [newKey('oa'), newKey('ob')];
    const roomy = { maxFailures: 1000, windowMs: 60_000, lockMs: 60_000 };
    await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const keys = i % 2 === 0 ? [a, b] : [b, a];
        const answers = await limiter.reserve(keys.map((key) => ({ key, rule: roomy })));
        expect(answers.every((answer) => !answer.locked)).toBe(true);
        await limiter.release(keys);
      }),
    );
    expect(await limiter.reserve([a, b].map((key) => ({ key, rule: roomy })))).toEqual([
      { locked: false, attempts: 1 },
      { locked: false, attempts: 1 },
    ]);
  });
});

describe('database attempt limiter as the sole writer', () => {
  it('finds the failures and locks of an earlier process after a restart', async () => {
    const locked = newKey('l');
    const counted = newKey('c');
    const lockRule = { maxFailures: 2, windowMs: 60_000, lockMs: 60_000 };
    const before = new DatabaseAttemptLimiter(t.database.db, undefined, { soleWriter: true });
    for (let i = 0; i < 2; i += 1) {
      await before.reserve([{ key: locked, rule: lockRule }]);
      await before.fail([{ key: locked, rule: lockRule }]);
    }
    await before.reserve([{ key: counted, rule: lockRule }]);
    await before.fail([{ key: counted, rule: lockRule }]);

    const restarted = new DatabaseAttemptLimiter(t.database.db, undefined, { soleWriter: true });
    expect((await restarted.reserve([{ key: locked, rule: lockRule }]))[0]?.locked).toBe(true);
    expect(await restarted.reserve([{ key: counted, rule: lockRule }])).toEqual([
      { locked: false, attempts: 2 },
    ]);
    // The table agrees with memory for a limiter that reads it.
    expect(
      (await new DatabaseAttemptLimiter(t.database.db).reserve([{ key: locked, rule: lockRule }]))[0]?.locked,
    ).toBe(true);
  });
});

describe('database attempt limiter: forgetting what counts nothing any more', () => {
  it('deletes rows that count nothing (window begun over a day ago, or none counted), keeps locks in force and counts', async () => {
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const keys = {
      ended: newKey('e'),
      lockEnded: newKey('le'),
      givenBack: newKey('gb'),
      locked: newKey('lk'),
      recent: newKey('rc'),
    };
    await t.database.db
      .insertInto('attempt_counters')
      .values([
        { key: keys.ended, failures: 3, window_started_at: hoursAgo(25), locked_until_at: null },
        { key: keys.lockEnded, failures: 10, window_started_at: hoursAgo(48), locked_until_at: hoursAgo(47) },
        { key: keys.locked, failures: 10, window_started_at: hoursAgo(48), locked_until_at: hoursAgo(-1) },
        { key: keys.recent, failures: 2, window_started_at: hoursAgo(2), locked_until_at: null },
        { key: keys.givenBack, failures: 0, window_started_at: hoursAgo(0.1), locked_until_at: null },
      ])
      .execute();
    // A batch of one, so the loop over batches runs.
    expect(await new DatabaseAttemptLimiter(t.database.db).forgetEnded(1)).toBeGreaterThanOrEqual(3);
    const left = await t.database.db
      .selectFrom('attempt_counters')
      .select('key')
      .where('key', 'in', Object.values(keys))
      .execute();
    expect(left.map((row) => row.key).sort()).toEqual([keys.locked, keys.recent].sort());
    // What was forgotten counted nothing: a new attempt on it is the first of its window.
    expect(await new DatabaseAttemptLimiter(t.database.db).reserve([{ key: keys.ended, rule }])).toEqual([
      { locked: false, attempts: 1 },
    ]);
  });
});

describe('database attempt limiter: giving reservations back', () => {
  it('gives back each reservation of a key released twice in one turn, never below none, and leaves a forgotten row counting nothing', async () => {
    const limiter = new DatabaseAttemptLimiter(t.database.db);
    const roomy = { maxFailures: 10, windowMs: 60_000, lockMs: 60_000 };
    const [twice, gone] = [newKey('tw'), newKey('gn')];
    for (let i = 0; i < 3; i += 1) await limiter.reserve([{ key: twice, rule: roomy }]);
    await limiter.reserve([{ key: gone, rule: roomy }]);
    // The purge took the row while its reservation was out (a window begun long ago).
    await t.database.db.deleteFrom('attempt_counters').where('key', '=', gone).execute();
    // One turn: two releases of one key, one of the forgotten key, and one more than was reserved.
    await Promise.all([
      limiter.release([twice, gone]),
      limiter.release([twice]),
      limiter.release([twice, twice]),
    ]);
    const rows = await t.database.db
      .selectFrom('attempt_counters')
      .select(['key', 'failures'])
      .where('key', 'in', [twice, gone])
      .orderBy('key')
      .execute();
    // SQLite's release only updates rows it finds; PostgreSQL's upsert leaves a row that counts nothing.
    expect(rows.filter((row) => row.key === twice)).toEqual([{ key: twice, failures: 0 }]);
    expect(rows.filter((row) => row.key === gone).every((row) => row.failures === 0)).toBe(true);
    expect(await limiter.reserve([{ key: gone, rule: roomy }])).toEqual([{ locked: false, attempts: 1 }]);
  });
});

describe('redis attempt limiter: its scripts', () => {
  it('runs them by SHA1 once Redis has them, and counts on after Redis forgot them (a restart, SCRIPT FLUSH)', async () => {
    const limiter = new RedisAttemptLimiter(redis, prefix);
    const key = newKey('s');
    expect(await limiter.reserve([{ key, rule }])).toEqual([{ locked: false, attempts: 1 }]);
    await limiter.release([key]);
    expect(await limiter.fail([{ key, rule: { ...rule, maxFailures: 99 } }])).toEqual({ locked: false });

    // The three scripts it used are in Redis's cache: later calls send their SHA1, not their text.
    const monitor = await redis.monitor();
    const sent: string[] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      // The scripts' own commands show too (from the Lua client): only what this client sent counts.
      const command = args[0]!.toLowerCase();
      if (command.startsWith('eval') && args.some((arg) => arg.includes(key))) sent.push(command);
    });
    await limiter.reserve([{ key, rule }]);
    await limiter.release([key]);

    await redis.script('FLUSH');
    expect(await limiter.reserve([{ key, rule }])).toEqual([{ locked: false, attempts: 1 }]);
    await limiter.release([key]);
    // Two wrong guesses (a reservation kept is a failure) reach a limit of two: locked.
    const twice = { ...rule, maxFailures: 2 };
    expect(await limiter.reserve([{ key, rule: twice }])).toEqual([{ locked: false, attempts: 1 }]);
    expect(await limiter.fail([{ key, rule: twice }])).toEqual({ locked: false });
    expect(await limiter.reserve([{ key, rule: twice }])).toEqual([{ locked: false, attempts: 2 }]);
    expect((await limiter.fail([{ key, rule: twice }])).locked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    monitor.disconnect();
    // Before the flush: by SHA1 only. After it: each script's first call is refused and sent once in full.
    expect(sent.slice(0, 2)).toEqual(['evalsha', 'evalsha']);
    expect(sent.slice(2).filter((command) => command === 'eval')).toHaveLength(3);
  });

  it("sends one turn's reservations in a script per 64 requests, each answered its own count", async () => {
    const limiter = new RedisAttemptLimiter(redis, prefix);
    const shared = newKey('ip');
    await limiter.reserve([{ key: shared, rule }]); // the scripts are in Redis's cache from here on
    const monitor = await redis.monitor();
    let scripts = 0;
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args[0]!.toLowerCase() === 'evalsha' && args.some((arg) => arg.includes(shared))) scripts += 1;
    });
    const wide = { ...rule, maxFailures: 1000 };
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        limiter.reserve([
          { key: shared, rule: wide },
          { key: newKey(`own${i}`), rule: wide },
        ]),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    monitor.disconnect();
    expect(scripts).toBe(Math.ceil(200 / 64));
    // The shared key counted every request once, in order; each request's own key once.
    expect(answers.map((answer) => answer[0])).toEqual(
      Array.from({ length: 200 }, (_, i) => ({ locked: false, attempts: i + 2 })),
    );
    expect(answers.every((answer) => answer[1]!.locked === false && answer[1]!.attempts === 1)).toBe(true);
  });
});
