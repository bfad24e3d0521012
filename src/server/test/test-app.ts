import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app';
import {
  type AppConfig,
  defaultLimits,
  defaultProbeSettings,
  defaultWebhookSettings,
  type GuessingLimits,
} from '../config';
import { type DatabaseHandle, openDatabase, postgresChangesOf } from '../db';
import { migrateToLatest } from '../db/migrate';
import { CHANGES_CHANNEL } from '../db/postgres-changes';
import type { UserRow } from '../db/schema';
import { hashSecret } from '../modules/security/passwords';
import type { Role } from '../../shared/api/auth';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../shared/api/api-key';
import { EXAMPLE_BRAND } from '../../shared/brand';

/**
 * API tests run on SQLite by default. With TEST_DATABASE_URL set (npm run test:pg) each test file gets
 * its own freshly created PostgreSQL database, dropped afterwards, so parallel workers never collide.
 */
const pgAdminUrl = process.env.TEST_DATABASE_URL;
export const testDatabaseKind = pgAdminUrl ? 'postgres' : 'sqlite';

/** A fresh PostgreSQL database (its URL and a drop function); only with TEST_DATABASE_URL. */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!pgAdminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: pgAdminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Two instances' connections to one database, for tests of what several servers do at once: on
 * PostgreSQL two pools on a fresh database (migrated), on SQLite the test app's own handle twice
 * (its one process is the only writer). `close` drops what it made.
 */
export async function twoInstances(sqlite?: DatabaseHandle): Promise<{
  first: DatabaseHandle;
  second: DatabaseHandle;
  close: () => Promise<void>;
}> {
  if (!pgAdminUrl) {
    if (!sqlite) throw new Error('twoInstances on SQLite needs the test app’s handle');
    return { first: sqlite, second: sqlite, close: async () => {} };
  }
  const { url, drop } = await createPostgresTestDatabase();
  const first = openDatabase({ kind: 'postgres', url, poolSize: 5 });
  const second = openDatabase({ kind: 'postgres', url, poolSize: 5 });
  await migrateToLatest(first);
  return {
    first,
    second,
    close: async () => {
      await first.destroy();
      await second.destroy();
      await drop();
    },
  };
}

let markers = 0;

/**
 * Waits (up to 5 s) until `listener` has heard of every commit made so far (decision 0063): a marker
 * notified through `writer` after them arrives after their notifications, since PostgreSQL sends them
 * in the order of the commits.
 */
export async function allChangesHeard(listener: DatabaseHandle, writer: DatabaseHandle): Promise<void> {
  const changes = postgresChangesOf(listener.db);
  if (!changes) throw new Error('allChangesHeard is for PostgreSQL');
  markers += 1;
  const marker = `marker ${process.pid} ${markers}`;
  await sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${marker})`.execute(writer.db);
  for (let waited = 0; changes.lastHeard() !== marker; waited += 10) {
    if (waited > 5_000) throw new Error('the marker was not heard in 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  if (!pgAdminUrl) {
    const database = openDatabase({ kind: 'sqlite', filename: ':memory:' });
    return { database, drop: async () => {} };
  }
  const { url, drop } = await createPostgresTestDatabase();
  return { database: openDatabase({ kind: 'postgres', url, poolSize: 20 }), drop };
}

/** The app's route table, every route's options as Fastify registered them (an app on an in-memory database, closed). */
export async function appRoutes(): Promise<RouteOptions[]> {
  const database = openDatabase({ kind: 'sqlite', filename: ':memory:' });
  await migrateToLatest(database);
  const routes: RouteOptions[] = [];
  const app = await buildApp(testConfig(), {
    database,
    logger: false,
    onRoute: (route) => routes.push(route),
  });
  await app.ready();
  await app.close();
  await database.destroy();
  return routes;
}

export function testConfig(limits: Partial<GuessingLimits> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: undefined,
    redisUrl: undefined,
    redisPrefix: '',
    metrics: undefined,
    adminEmail: undefined,
    adminPassword: undefined,
    production: false,
    trustProxy: false,
    publicUrl: undefined,
    apiDocs: true,
    maxSubResellers: 200,
    resellerTreeDepth: null,
    // Tests scan for expiries by calling app.deps.expiry.scan(now) with the time they need.
    expiryScanIntervalMs: 0,
    expiryDigestHour: 0,
    requireTwoFactor: 'off',
    logLevel: 'silent',
    webDistDir: '/nonexistent-web-dist',
    // Production's https-and-public-only rule; webhook tests allow their local receivers explicitly.
    webhooks: defaultWebhookSettings,
    // Tests that read mail start an SMTP server and pass its address (src/server/test/smtp.ts).
    mail: { smtpUrl: undefined, from: 'StreamBox <no-reply@example.test>' },
    passwordReset: true,
    // Tests register many devices from inject's one address; the register limit has its own tests.
    limits: { ...defaultLimits, registrationsPerIp: 100_000, ...limits },
    brand: EXAMPLE_BRAND,
    unsetBrandVariables: [],
    // Public addresses only, as in production: tests that probe the fake IPTV server on 127.0.0.1 allow it.
    playlistProbe: defaultProbeSettings,
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  close: () => Promise<void>;
};

type TestAppOptions = {
  limits?: Partial<GuessingLimits>;
  logStream?: NodeJS.WritableStream;
  /** Settings other than the limits (trustProxy, publicUrl, production...). */
  config?: Partial<Omit<AppConfig, 'limits'>>;
  /** Also insert an admin and sign it in: `admin` is the row, `adminCookie` the session to send. */
  withAdmin?: boolean;
};

export type TestAppWithAdmin = TestApp & { admin: UserRow; adminCookie: string };

export async function createTestApp(options: TestAppOptions & { withAdmin: true }): Promise<TestAppWithAdmin>;
export async function createTestApp(options?: TestAppOptions): Promise<TestApp>;
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp | TestAppWithAdmin> {
  const { database, drop } = await openTestDatabase();
  await migrateToLatest(database);
  const config: AppConfig = {
    ...testConfig(options.limits),
    ...(options.logStream ? { logLevel: 'info' } : {}),
    ...options.config,
  };
  const app = await buildApp(
    config,
    // Every route test also checks that a success wrote the audit entry its route declares.
    options.logStream
      ? { database, logStream: options.logStream, verifyAudit: true }
      : { database, logger: false, verifyAudit: true },
  );
  await app.ready();
  const testApp: TestApp = {
    app,
    database,
    close: async () => {
      await app.close();
      // A test may have destroyed the database already to simulate an outage.
      await database.destroy().catch(() => {});
      await drop();
    },
  };
  if (!options.withAdmin) return testApp;
  const admin = await insertUser(database, { role: 'admin' });
  return { ...testApp, admin, adminCookie: await signIn(app, admin.email) };
}

let userCounter = 0;
export const TEST_PASSWORD = 'correct horse battery';

type UserFields = {
  role?: Role;
  credits?: number;
  parentId?: number | null;
  email?: string;
  password?: string;
};

/** Inserts a panel user directly (the sign-up API belongs to its own module and tests). */
export async function insertUser(database: DatabaseHandle, fields: UserFields = {}): Promise<UserRow> {
  userCounter += 1;
  const now = new Date();
  return database.db
    .insertInto('users')
    .values({
      name: `User ${userCounter}`,
      email: fields.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@example.test`,
      phone: null,
      password_hash: await hashSecret(fields.password ?? TEST_PASSWORD),
      role: fields.role ?? 'reseller',
      parent_id: fields.parentId ?? null,
      credits: fields.credits ?? 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A reseller (role `reseller`), with its credits and parent when given. */
export function insertReseller(
  database: DatabaseHandle,
  fields: Omit<UserFields, 'role'> = {},
): Promise<UserRow> {
  return insertUser(database, { ...fields, role: 'reseller' });
}

/** Signs in through the API and answers the Cookie header value to send on later calls. */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return sessionCookieFrom(response);
}

export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error('no session cookie in response');
  return `sid=${cookie.value}`;
}

let macCounter = 0;
/** A MAC no other test uses. */
export function uniqueMac(): string {
  macCounter += 1;
  const hex = (process.pid % 0xffff).toString(16).padStart(4, '0') + macCounter.toString(16).padStart(8, '0');
  return hex.toUpperCase().match(/.{2}/g)!.join(':');
}

/** Registers a device through the TV app's call; answers its MAC and key. */
export async function registerDevice(
  app: FastifyInstance,
  mac = uniqueMac(),
): Promise<{ mac: string; key: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/device/register',
    payload: { mac, app_name: 'Test TV' },
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { mac: response.json().mac, key: response.json().cle_mac };
}

/** Signs a device in as the device page does; answers the Cookie header value. */
export async function signInDevice(app: FastifyInstance, mac: string, key: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/device/login',
    payload: { mac, cle_mac: key },
  });
  if (response.statusCode !== 200)
    throw new Error(`device sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'dsid');
  if (!cookie) throw new Error('no device session cookie');
  return `dsid=${cookie.value}`;
}

/** inject() with an optional session cookie. */
export function call(app: FastifyInstance, options: InjectOptions & { cookie?: string }) {
  const { cookie, headers, ...rest } = options;
  return app.inject({ ...rest, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

/** The TV app's poll of its device, with the ETag it has, if any (a re-poll). */
export function pollDevice(app: FastifyInstance, device: { mac: string; key: string }, etag?: string) {
  return call(app, {
    method: 'GET',
    url: `/api/v1/device?mac=${encodeURIComponent(device.mac)}&cle_mac=${device.key}`,
    headers: etag ? { 'if-none-match': etag } : {},
  });
}

type DeviceFields = {
  ownerId?: number | null;
  paymentType?: 'free' | 'year' | 'lifetime';
  isPaid?: boolean;
  expiresAt?: Date | null;
  isBanned?: boolean;
  name?: string | null;
  phone?: string | null;
  appName?: string | null;
};

/**
 * Inserts `count` devices with these fields directly, 500 to a statement: for tests that need
 * thousands (bulk activation, CSV export), where registering each through the API would take minutes.
 * Answers their MACs in insertion order (ids ascending).
 */
export async function insertDevices(
  database: DatabaseHandle,
  count: number,
  fields: DeviceFields = {},
): Promise<string[]> {
  const macs = Array.from({ length: count }, () => uniqueMac());
  const now = new Date();
  for (let start = 0; start < count; start += 500) {
    await database.db
      .insertInto('devices')
      .values(
        macs.slice(start, start + 500).map((mac) => ({
          mac,
          mac_hex: mac.replace(/:/g, ''),
          device_key: randomBytes(5).toString('hex').toUpperCase(),
          name: fields.name ?? null,
          phone: fields.phone ?? null,
          app_name: fields.appName === undefined ? 'Test TV' : fields.appName,
          payment_type: fields.paymentType ?? 'free',
          is_paid: fields.isPaid ?? false,
          expires_at:
            fields.expiresAt === undefined ? new Date(now.getTime() + 7 * 86_400_000) : fields.expiresAt,
          is_banned: fields.isBanned ?? false,
          owner_id: fields.ownerId ?? null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  return macs;
}

/** A reseller with `credits` and a reseller API key holding `scopes` (all by default). */
export async function resellerWithKey(
  t: TestApp,
  fields: { credits?: number; parentId?: number } = {},
  scopes: readonly ApiKeyScope[] = API_KEY_SCOPES,
): Promise<{ user: UserRow; secret: string }> {
  const user = await insertReseller(t.database, fields);
  const created = await call(t.app, {
    method: 'POST',
    url: '/api/v1/api-keys',
    cookie: await signIn(t.app, user.email),
    payload: { name: 'script', scopes: [...scopes] },
  });
  return { user, secret: created.json().data.secret as string };
}

/**
 * A playlist written straight to the table, past the service: for tests of what notices a change made
 * by any writer (the TV app's answer, its ETag, SQLite's memory of answers).
 */
export async function insertPlaylist(
  database: DatabaseHandle,
  deviceId: number,
  name = 'News',
): Promise<void> {
  await database.db
    .insertInto('playlists')
    .values({
      device_id: deviceId,
      name,
      url: 'http://lists.example/n.m3u',
      pin_hash: null,
      notes: null,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
}

/** A device's id, by its MAC. */
export async function deviceIdOf(database: DatabaseHandle, mac: string): Promise<number> {
  const row = await database.db
    .selectFrom('devices')
    .select('id')
    .where('mac', '=', mac)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user's balance as the database holds it. */
export async function creditsOf(database: DatabaseHandle, userId: number): Promise<number> {
  const row = await database.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.credits;
}
