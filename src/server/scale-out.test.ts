import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createUserRepository } from './modules/users/user-repository';
import { hashSecret } from './modules/security/passwords';
import { createPostgresTestDatabase, testConfig, testDatabaseKind } from './test/test-app';

/**
 * Two instances of the server, on two ports, sharing one PostgreSQL database and one Redis, behave as
 * one: sessions, guessing limits and credits. Runs with TEST_DATABASE_URL (npm run test:pg).
 */
describe.skipIf(testDatabaseKind !== 'postgres')('two instances behind a load balancer', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let a: FastifyInstance;
  let b: FastifyInstance;
  let urlA: string;
  let urlB: string;
  let drop: () => Promise<void>;
  const password = 'two instances, one truth';
  let adminEmail: string;

  beforeAll(async () => {
    const database = await createPostgresTestDatabase();
    drop = database.drop;
    const config = {
      ...testConfig(),
      databaseUrl: database.url,
      redisUrl,
      redisPrefix: `scale-${randomBytes(4).toString('hex')}:`,
    };
    a = await buildApp(config, { logger: false });
    b = await buildApp(config, { logger: false });
    urlA = await a.listen({ port: 0, host: '127.0.0.1' });
    urlB = await b.listen({ port: 0, host: '127.0.0.1' });
    adminEmail = `admin-${randomBytes(3).toString('hex')}@scale.test`;
    await createUserRepository(a.deps.database.db).insert({
      name: 'Admin',
      email: adminEmail,
      phone: null,
      password_hash: await hashSecret(password),
      role: 'admin',
      parent_id: null,
    });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  async function post(base: string, path: string, body: unknown, cookie?: string) {
    const response = await fetch(`${base}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: await response.json(),
      cookie: response.headers.get('set-cookie'),
    };
  }

  it('a session made on one instance is valid on the other, and a logout on one ends it on both', async () => {
    const login = await post(urlA, '/auth/login', { email: adminEmail, password });
    expect(login.status).toBe(200);
    const cookie = login.cookie!.split(';')[0]!;
    expect((await post(urlB, '/auth/check', {}, cookie)).status).toBe(200);
    expect((await post(urlB, '/auth/logout', {}, cookie)).status).toBe(200);
    expect((await post(urlA, '/auth/check', {}, cookie)).status).toBe(401);
  });

  it('counts login failures across instances: 10 spread over both lock the e-mail on both', async () => {
    const email = `victim-${randomBytes(3).toString('hex')}@scale.test`;
    await createUserRepository(a.deps.database.db).insert({
      name: 'Victim',
      email,
      phone: null,
      password_hash: await hashSecret(password),
      role: 'reseller',
      parent_id: null,
    });
    for (let i = 0; i < 10; i += 1) {
      const base = i % 2 === 0 ? urlA : urlB;
      expect((await post(base, '/auth/login', { email, password: `wrong ${i}` })).status).toBe(401);
    }
    expect((await post(urlA, '/auth/login', { email, password })).status).toBe(429);
    expect((await post(urlB, '/auth/login', { email, password })).status).toBe(429);
  });

  it('never double-spends credits: 40 activations split over both instances against 6 credits', async () => {
    const login = await post(urlA, '/auth/login', { email: adminEmail, password });
    const adminCookie = login.cookie!.split(';')[0]!;
    const resellerEmail = `seller-${randomBytes(3).toString('hex')}@scale.test`;
    const created = await post(
      urlA,
      '/auth/sign_up_reseller',
      { name: 'Seller', email: resellerEmail, password, phone: '1', credits: 6 },
      adminCookie,
    );
    expect(created.status).toBe(201);
    const seller = await post(urlB, '/auth/login', { email: resellerEmail, password });
    const sellerCookie = seller.cookie!.split(';')[0]!;
    const devices = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(i % 2 ? urlA : urlB, '/device/register', {
          mac: `02:00:${randomBytes(4).toString('hex').match(/.{2}/g)!.join(':')}`,
        }),
      ),
    );
    const ids = await Promise.all(
      devices.map(async (d) => {
        const row = await a.deps.database.db
          .selectFrom('devices')
          .select('id')
          .where('mac', '=', d.body.mac)
          .executeTakeFirstOrThrow();
        return row.id;
      }),
    );
    const results = await Promise.all(
      ids.map((id, i) =>
        post(
          i % 2 ? urlA : urlB,
          '/device/updatepayment',
          { user_id: seller.body.user.id, plan: 'year', mac: id },
          sellerCookie,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(6);
    expect(results.filter((r) => r.status === 402)).toHaveLength(34);
    const balance = await a.deps.database.db
      .selectFrom('users')
      .select('credits')
      .where('email', '=', resellerEmail)
      .executeTakeFirstOrThrow();
    expect(balance.credits).toBe(0);
  });
});
