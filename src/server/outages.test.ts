import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type TestApp,
  TEST_PASSWORD,
  testDatabaseKind,
  uniqueMac,
  insertReseller,
} from './test/test-app';
import { eventually, freePort } from './test/wait';

/**
 * A database or Redis that is down, read-only or hung: every API answer is 503 service_unavailable
 * with Retry-After (never 500), /health says which and how within 2 s, and the server serves again
 * by itself once the dependency is back.
 */

const opened: TestApp[] = [];
const stoppers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stoppers.splice(0)) await stop();
  for (const t of opened.splice(0)) await t.close();
});

async function open(config: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const t = await createTestApp(config);
  opened.push(t);
  return t;
}

const health = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/v1/health' });
const register = (t: TestApp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/device/register',
    payload: { mac: uniqueMac(), app_name: 'TV' },
  });

function expectServiceUnavailable(response: Awaited<ReturnType<typeof health>>): void {
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({ success: false, code: 'service_unavailable' });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/** The test database's name and a connection to the server that can change it (PostgreSQL only). */
async function postgresAdmin(t: TestApp) {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.database.db);
  const name = rows[0]!.name;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  stoppers.push(() => admin.end());
  /** Ends the app's connections, as a failover does: the pool opens new ones with the new settings. */
  const dropConnections = () =>
    admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
  return { name, admin, dropConnections };
}

async function makeReadOnly(t: TestApp, readOnly: boolean): Promise<void> {
  if (testDatabaseKind === 'sqlite') {
    // The one connection this process writes through refuses writes from now on, as a file gone
    // read-only would (SQLITE_READONLY).
    await sql.raw(`pragma query_only = ${readOnly ? 'on' : 'off'}`).execute(t.database.db);
    return;
  }
  const { name, admin, dropConnections } = await postgresAdmin(t);
  await admin.query(
    readOnly
      ? `alter database ${name} set default_transaction_read_only = on`
      : `alter database ${name} reset default_transaction_read_only`,
  );
  await dropConnections();
}

describe(`the database out of service (${testDatabaseKind})`, () => {
  it('read-only: 503 with Retry-After from /health (db: read_only) and from writes; serves again once writable', async () => {
    const t = await open();
    expect((await health(t)).json()).toEqual({ status: 'ok', db: 'ok', redis: 'not_configured' });
    expect((await register(t)).statusCode).toBe(201);

    await makeReadOnly(t, true);
    // The first answers after the connections were cut may say unreachable; then it is read-only.
    await eventually(async () => (await health(t)).json().db === 'read_only');
    const down = await health(t);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'error', db: 'read_only', redis: 'not_configured' });
    expect(down.headers['retry-after']).toBe('5');
    expectServiceUnavailable(await register(t));

    await makeReadOnly(t, false);
    await eventually(async () => (await health(t)).statusCode === 200);
    expect((await register(t)).statusCode).toBe(201);
  }, 30_000);

  it.skipIf(testDatabaseKind !== 'postgres')(
    'hung: /health answers 503 (db: timeout) within 2 s while a lock holds its write',
    async () => {
      const t = await open();
      expect((await health(t)).statusCode).toBe(200);
      const { name } = await postgresAdmin(t);
      const blocker = new pg.Client({
        connectionString: process.env.TEST_DATABASE_URL!.replace(/\/[^/]*$/, `/${name}`),
      });
      await blocker.connect();
      stoppers.push(async () => {
        await blocker.query('rollback').catch(() => {});
        await blocker.end();
      });
      await blocker.query('begin');
      await blocker.query('lock table health_checks in access exclusive mode');

      const started = Date.now();
      const hung = await health(t);
      const elapsed = Date.now() - started;
      expect(hung.statusCode).toBe(503);
      expect(hung.json()).toMatchObject({ status: 'error', db: 'timeout' });
      expect(elapsed).toBeLessThan(3_000);

      await blocker.query('rollback');
      await eventually(async () => (await health(t)).statusCode === 200);
    },
    30_000,
  );
});

/** A Redis of the test's own (Debian's redis-server, nothing kept on disk), so it can be stopped and made a replica. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'no',
    ],
    { stdio: 'ignore' },
  );
  await eventually(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      }),
  );
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe(`Redis out of service (${testDatabaseKind})`, () => {
  async function setUp() {
    const port = await freePort();
    let redis = await startRedis(port);
    stoppers.push(() => stopRedis(redis));
    const t = await open({ config: { redisUrl: `redis://127.0.0.1:${port}`, redisPrefix: 'outage:' } });
    const user = await insertReseller(t.database);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: user.email, password: TEST_PASSWORD },
      });
    return {
      t,
      login,
      port,
      stop: () => stopRedis(redis),
      restart: async () => {
        redis = await startRedis(port);
      },
    };
  }

  it('down: 503 with Retry-After from /health (redis: unreachable) and from sign-in; serves again when it returns', async () => {
    const { t, login, stop, restart } = await setUp();
    expect((await health(t)).json()).toEqual({ status: 'ok', db: 'ok', redis: 'ok' });
    expect((await login()).statusCode).toBe(200);

    await stop();
    await eventually(async () => (await health(t)).statusCode === 503);
    expect((await health(t)).json()).toMatchObject({ status: 'error', db: 'ok', redis: 'unreachable' });
    expectServiceUnavailable(await login());

    await restart();
    await eventually(async () => (await health(t)).statusCode === 200);
    expect((await login()).statusCode).toBe(200);
  }, 30_000);

  it('read-only (a replica): 503 from /health (redis: read_only) and from sign-in; serves again once promoted', async () => {
    const { t, login, port } = await setUp();
    const admin = net.connect(port, '127.0.0.1');
    stoppers.push(async () => void admin.destroy());
    const command = (text: string) =>
      new Promise<string>((resolve) => {
        admin.once('data', (data) => resolve(data.toString()));
        admin.write(`${text}\r\n`);
      });
    // A replica of a master that is not there refuses every write, as after a failover gone wrong.
    expect(await command('REPLICAOF 127.0.0.1 1')).toContain('OK');
    const down = await health(t);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'error', db: 'ok', redis: 'read_only' });
    expectServiceUnavailable(await login());

    expect(await command('REPLICAOF NO ONE')).toContain('OK');
    expect((await health(t)).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
  }, 30_000);
});
