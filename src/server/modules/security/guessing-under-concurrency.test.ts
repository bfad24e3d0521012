import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db';
import { migrateToLatest } from '../../db/migrate';
import {
  call,
  createPostgresTestDatabase,
  createTestApp,
  registerDevice,
  signIn,
  signInDevice,
  TEST_PASSWORD,
  testConfig,
  testDatabaseKind,
  insertReseller,
} from '../../test/test-app';

/**
 * Issue 12, item 1: a guessing limit holds when the guesses arrive together. N parallel wrong secrets
 * against one target get at most the limit (10) "wrong" answers, every other answer is the lock, and
 * the right secret sent right after is refused while the lock lasts. Run on this run's database
 * (SQLite, or PostgreSQL with TEST_DATABASE_URL) and, on PostgreSQL, on two instances sharing Redis.
 */

const LIMIT = 10;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

type Instances = { apps: FastifyInstance[]; close: () => Promise<void> };

async function oneInstance(): Promise<Instances> {
  const t = await createTestApp();
  return { apps: [t.app], close: t.close };
}

/** Two apps, each with its own pool, on one PostgreSQL database, counting in one Redis. */
async function twoInstancesOnPostgresAndRedis(): Promise<Instances> {
  const { url, drop } = await createPostgresTestDatabase();
  const config = { ...testConfig(), redisUrl, redisPrefix: `test:${randomBytes(4).toString('hex')}:` };
  const databases = [0, 1].map(() => openDatabase({ kind: 'postgres', url, poolSize: 20 }));
  await migrateToLatest(databases[0]!);
  const apps = await Promise.all(databases.map((database) => buildApp(config, { database, logger: false })));
  await Promise.all(apps.map((app) => app.ready()));
  return {
    apps,
    close: async () => {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`attempts:${config.redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(databases.map((database) => database.destroy()));
      await drop();
    },
  };
}

/** Sends n requests at once, spread over the instances; answers the responses. */
function together(
  apps: FastifyInstance[],
  n: number,
  send: (app: FastifyInstance, i: number) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => send(apps[i % apps.length]!, i)));
}

/** Answers counted by status and code; printed with GUESSING_FIGURES=1 (the closing note's figures). */
function tally(responses: LightMyRequestResponse[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const response of responses) {
    const code = `${response.statusCode} ${response.json().code ?? 'ok'}`;
    counts[code] = (counts[code] ?? 0) + 1;
  }
  if (process.env.GUESSING_FIGURES) {
    process.stdout.write(`${expect.getState().currentTestName}\n  ${JSON.stringify(counts)}\n`);
  }
  return counts;
}

const setups: [string, () => Promise<Instances>][] = [[`one instance on ${testDatabaseKind}`, oneInstance]];
if (testDatabaseKind === 'postgres')
  setups.push(['two instances on PostgreSQL + Redis', twoInstancesOnPostgresAndRedis]);

describe.each(setups)('guessing limits under concurrency: %s', (_name, start) => {
  let instances: Instances;
  let apps: FastifyInstance[];
  beforeAll(async () => {
    instances = await start();
    apps = instances.apps;
  });
  afterAll(() => instances.close());

  it('panel login: 200 wrong passwords at once get at most 10 "wrong" answers; the right one is then refused', async () => {
    const email = await makeUser(apps[0]!);
    const responses = await together(apps, 200, (app, i) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: `wrong password ${i}` },
        // From many addresses: the account's limit is the one under test, not the address's.
        remoteAddress: `10.20.${Math.floor(i / 250)}.${i % 250}`,
      }),
    );
    const counts = tally(responses);
    expect(counts['401 invalid_credentials'] ?? 0).toBeLessThanOrEqual(LIMIT);
    expect((counts['401 invalid_credentials'] ?? 0) + (counts['429 account_locked'] ?? 0)).toBe(200);
    const right = await apps[0]!.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: '10.21.0.1',
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('account_locked');
  });

  it('panel login: 199 wrong and 1 right at once: at most 10 answers other than the lock', async () => {
    const email = await makeUser(apps[0]!);
    const rightAt = 150;
    const responses = await together(apps, 200, (app, i) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: i === rightAt ? TEST_PASSWORD : `wrong password ${i}` },
        remoteAddress: `10.22.${Math.floor(i / 250)}.${i % 250}`,
      }),
    );
    tally(responses);
    expect(responses.filter((response) => response.statusCode !== 429).length).toBeLessThanOrEqual(LIMIT);
  });

  it('device sign-in (GET /device and POST /device/login): 200 wrong keys from one address', async () => {
    const { mac, key } = await registerDevice(apps[0]!);
    const responses = await together(apps, 200, (app, i) =>
      i % 2 === 0
        ? app.inject({
            method: 'GET',
            url: `/api/v1/device?mac=${mac}&cle_mac=WRONGKEY${i}`,
            remoteAddress: '10.30.0.1',
          })
        : app.inject({
            method: 'POST',
            url: '/api/v1/device/login',
            payload: { mac, cle_mac: `WRONGKEY${i}` },
            remoteAddress: '10.30.0.1',
          }),
    );
    const counts = tally(responses);
    expect(counts['401 invalid_credentials'] ?? 0).toBeLessThanOrEqual(LIMIT);
    expect(
      (counts['401 invalid_credentials'] ?? 0) +
        (counts['429 account_locked'] ?? 0) +
        (counts['429 too_many_attempts'] ?? 0),
    ).toBe(200);
    const fromThere = await apps[0]!.inject({
      method: 'GET',
      url: `/api/v1/device?mac=${mac}&cle_mac=${key}`,
      remoteAddress: '10.30.0.1',
    });
    expect(fromThere.statusCode).toBe(429);
    // The TV behind another address still signs in (item 4).
    const fromTv = await apps[0]!.inject({
      method: 'GET',
      url: `/api/v1/device?mac=${mac}&cle_mac=${key}`,
      remoteAddress: '10.30.0.2',
    });
    expect(fromTv.statusCode).toBe(200);
  });

  it('PIN unlock: 150 wrong PINs at once get at most 10 "incorrect" answers; the right PIN is then refused', async () => {
    const { mac, key } = await registerDevice(apps[0]!);
    const cookie = await signInDevice(apps[0]!, mac, key);
    const created = await call(apps[0]!, {
      method: 'POST',
      url: `/api/v1/playlist/${mac}`,
      payload: {
        name: 'Kids',
        isAccount: false,
        url: 'http://provider.example/list.m3u',
        hasPin: true,
        pin: '4321',
      },
      cookie,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const unlock = (app: FastifyInstance, pin: string) =>
      call(app, { method: 'POST', url: `/api/v1/playlist/${mac}/${id}/unlock`, payload: { pin }, cookie });
    const responses = await together(apps, 150, (app, i) => unlock(app, String(5000 + i)));
    const counts = tally(responses);
    expect(counts['403 incorrect_pin'] ?? 0).toBeLessThanOrEqual(LIMIT);
    expect((counts['403 incorrect_pin'] ?? 0) + (counts['429 too_many_attempts'] ?? 0)).toBe(150);
    const right = await unlock(apps[0]!, '4321');
    expect(right.statusCode).toBe(429);
  });

  it('change password: 100 wrong current passwords at once get at most 10 "incorrect" answers', async () => {
    const email = await makeUser(apps[0]!);
    const cookie = await signIn(apps[0]!, email);
    const id = (
      await call(apps[0]!, { method: 'POST', url: '/api/v1/auth/check', payload: {}, cookie })
    ).json().data.id;
    const change = (app: FastifyInstance, currentPassword: string) =>
      call(app, {
        method: 'PATCH',
        url: `/api/v1/auth/change-password/${id}`,
        payload: { currentPassword, newPassword: 'a brand new password' },
        cookie,
      });
    const responses = await together(apps, 100, (app, i) => change(app, `wrong current ${i}`));
    const counts = tally(responses);
    expect(counts['400 current_password_incorrect'] ?? 0).toBeLessThanOrEqual(LIMIT);
    expect((counts['400 current_password_incorrect'] ?? 0) + (counts['429 account_locked'] ?? 0)).toBe(100);
    const right = await change(apps[0]!, TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
  });
});

/** A reseller made through the instance's own database; answers its e-mail. */
async function makeUser(app: FastifyInstance): Promise<string> {
  const user = await insertReseller(app.deps.database);
  return user.email;
}
