import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import {
  allChangesHeard,
  call,
  insertUser,
  signIn,
  testConfig,
  testDatabaseKind,
  twoInstances,
} from '../../test/test-app';

/**
 * Two servers on one PostgreSQL database, each answering panel sessions from memory while it hears of
 * no change to users or sessions (decision 0063): a session ended or an account banned on one is
 * refused on the other once its commit is heard, and at once on the server that made the change.
 * (SQLite has one process, which counts its own writes: kept-while-unchanged.test.ts.)
 */
describe.runIf(testDatabaseKind === 'postgres')('panel sessions kept on two PostgreSQL instances', () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  let apps: FastifyInstance[];
  const secondHeardAll = () => allChangesHeard(instances.second, instances.first);
  const check = (app: FastifyInstance, cookie: string) =>
    call(app, { method: 'POST', url: '/api/v1/auth/check', payload: {}, cookie });

  beforeAll(async () => {
    instances = await twoInstances();
    apps = await Promise.all(
      [instances.first, instances.second].map((database) =>
        buildApp(testConfig(), { database, logger: false }),
      ),
    );
    await Promise.all(apps.map((app) => app.ready()));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await instances.close();
  });

  it('a sign-out on one is refused at once there, and on the other once heard', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const user = await insertUser(instances.first);
    const cookie = await signIn(first, user.email);
    await secondHeardAll();
    expect((await check(second, cookie)).statusCode).toBe(200);
    expect((await check(second, cookie)).statusCode).toBe(200);

    const out = await call(first, { method: 'POST', url: '/api/v1/auth/logout', payload: {}, cookie });
    expect(out.statusCode).toBe(200);
    expect((await check(first, cookie)).statusCode).toBe(401);
    await secondHeardAll();
    expect((await check(second, cookie)).statusCode).toBe(401);
  });

  it('an account banned by a plain statement (any tool) is refused on both once heard', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const user = await insertUser(instances.first);
    const cookie = await signIn(first, user.email);
    await secondHeardAll();
    expect((await check(first, cookie)).statusCode).toBe(200);
    expect((await check(second, cookie)).statusCode).toBe(200);

    await sql`UPDATE users SET is_banned = true WHERE id = ${user.id}`.execute(instances.first.db);
    await secondHeardAll();
    expect((await check(second, cookie)).statusCode).toBe(401);
    expect((await check(first, cookie)).statusCode).toBe(401);
  });
});
