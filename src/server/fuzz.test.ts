import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildApp } from './app';
import { type DatabaseHandle, openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { insertUser, registerDevice, signIn, testConfig, insertReseller } from './test/test-app';
import type { FastifyInstance } from 'fastify';

/**
 * Property-based fuzzing of every API operation: generated bad inputs (wrong types, missing fields,
 * huge strings, NUL bytes, unicode, negative and huge numbers, bad MACs, prototype-pollution keys)
 * must never give a 5xx and never change the data. FUZZ_RUNS sets the inputs per operation
 * (npm run fuzz runs 200; CI runs fewer).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

type Route = {
  method: string;
  url: string;
  schema: { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
};
const routes: Route[] = [];
let app: FastifyInstance;
let database: DatabaseHandle;
let adminCookie: string;

/** Tables whose content must not change; sessions and guessing-limit counters change by design. */
const GUARDED_TABLES = [
  'users',
  'devices',
  'playlists',
  'credit_transactions',
  'links',
  'client_registrations',
  'notifications',
  'contact_messages',
  'webhook_endpoints',
  'webhook_deliveries',
  'pairing_codes',
] as const;

async function fingerprint(): Promise<string> {
  const hash = createHash('sha256');
  for (const table of GUARDED_TABLES) {
    const rows = await database.db.selectFrom(table).selectAll().orderBy('id').execute();
    hash.update(table).update(JSON.stringify(rows));
  }
  return hash.digest('hex');
}

beforeAll(async () => {
  database = openDatabase({ kind: 'sqlite', filename: ':memory:' });
  await migrateToLatest(database);
  app = await buildApp(testConfig(), {
    database,
    logger: false,
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith('/api/v1/')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        routes.push({ method, url: route.url, schema: (route.schema ?? {}) as Route['schema'] });
      }
    },
  });
  await app.ready();
  const admin = await insertUser(database, { role: 'admin' });
  await insertReseller(database, { credits: 5 });
  await registerDevice(app, '02:00:00:00:00:01');
  adminCookie = await signIn(app, admin.email);
}, 30_000);
afterAll(async () => {
  await app.close();
  await database.destroy();
});

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '%00',
    '../../etc/passwd',
    'null',
    'undefined',
    '<script>x</script>',
  ),
  fc.constantFrom('00:1A:2B:3C:4D', 'ZZ:ZZ:ZZ:ZZ:ZZ:ZZ', '00-1A-2B-3C-4D-5E-6F', ':::::', '0'.repeat(17)),
  fc.constantFrom('x'.repeat(5_000), 'é'.repeat(3_000), '\u{1F600}'.repeat(1_000)),
  fc.integer(),
  fc.constantFrom(-1, 0, -2_147_483_649, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, -0.5, 3.14),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
);

/** Any generated value as text for a path or query string (objects as JSON). */
const asText = (value: unknown): string =>
  value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
const nastyText = nasty.map(asText);

/** The keys a schema knows, so generated bodies hit real fields as well as unknown ones. */
function knownKeys(schema: z.ZodType | undefined): string[] {
  let current: unknown = schema;
  for (let i = 0; i < 5 && current; i += 1) {
    const def = (current as { def?: { type?: string; in?: unknown; innerType?: unknown; schema?: unknown } })
      .def;
    if ((current as { shape?: object }).shape) return Object.keys((current as { shape: object }).shape);
    current = def?.in ?? def?.innerType ?? def?.schema;
  }
  return [];
}

function bodyArbitrary(schema: z.ZodType | undefined) {
  const keys = knownKeys(schema);
  const field =
    keys.length > 0
      ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 }))
      : fc.string({ maxLength: 8 });
  return fc.oneof(
    fc.dictionary(field, nasty, { maxKeys: Math.max(1, keys.length + 1) }).map((o) => JSON.stringify(o)),
    nasty.map((v) => JSON.stringify(v) ?? 'null'),
    fc.constantFrom(
      '{"__proto__":{"role":"admin","credits":999}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '{"email":"a@b.test","password":"x","__proto__":{"x":1}}',
      '{',
      '[]',
      '',
      `{"name":"${'n'.repeat(70_000)}"}`,
    ),
  );
}

function fill(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[i++] ?? ''));
}

/** True when every schema the route has accepts the input: then it is not a bad input. */
function isValid(
  route: Route,
  params: Record<string, string>,
  query: Record<string, string>,
  bodyText: string,
): boolean {
  let body: unknown;
  try {
    body = bodyText === '' ? undefined : JSON.parse(bodyText);
  } catch {
    return false;
  }
  const ok = (schema: z.ZodType | undefined, value: unknown) => !schema || schema.safeParse(value).success;
  return (
    ok(route.schema.params, params) && ok(route.schema.querystring, query) && ok(route.schema.body, body)
  );
}

describe('fuzzing every API operation', () => {
  it('found the operations to fuzz', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it(`${RUNS} bad inputs per operation: never a 5xx, never a change to the data`, async () => {
    const before = await fingerprint();
    const statuses = new Map<number, number>();
    for (const route of routes) {
      const paramNames = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
      // Logging out with the admin's cookie would end the session the rest of the run needs.
      const cookies = route.url.endsWith('/auth/logout') ? [undefined] : [undefined, adminCookie];
      await fc.assert(
        fc.asyncProperty(
          fc.array(nastyText, { minLength: paramNames.length, maxLength: paramNames.length }),
          fc.dictionary(
            fc.oneof(
              fc.constantFrom(...knownKeys(route.schema.querystring), 'x'),
              fc.string({ maxLength: 6 }),
            ),
            nastyText,
            { maxKeys: 3 },
          ),
          bodyArbitrary(route.schema.body),
          fc.constantFrom(...cookies),
          async (paramValues, query, bodyText, cookie) => {
            const params = Object.fromEntries(paramNames.map((name, i) => [name, paramValues[i] ?? '']));
            // A GET carries no body; an operation that takes no input at all gets random query strings.
            const sentBody = route.method === 'GET' ? '' : bodyText;
            const takesInput = Boolean(route.schema.params ?? route.schema.querystring ?? route.schema.body);
            if (takesInput) fc.pre(!isValid(route, params, query, sentBody));
            const search = new URLSearchParams(query).toString();
            const response = await app.inject({
              method: route.method as 'GET',
              url: `${fill(route.url, paramValues)}${search ? `?${search}` : ''}`,
              headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
              ...(sentBody === '' ? {} : { payload: sentBody }),
              remoteAddress: '10.99.0.1',
            });
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            if (response.statusCode >= 500) {
              throw new Error(
                `${route.method} ${route.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
              );
            }
          },
        ),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 42) },
      );
    }
    const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
    console.info(
      `fuzz: ${routes.length} operations, ${sent} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(sent).toBeGreaterThanOrEqual(routes.length * RUNS * 0.9);
    expect(await fingerprint()).toBe(before);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  }, 600_000);
});
