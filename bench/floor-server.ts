import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { atTurnEnd } from '../src/server/db/batch-per-turn';
import { migrateToLatest } from '../src/server/db/migrate';
import { loggerOptions, requestLoggerFactory } from '../src/server/logging';
import { createDeviceAccessService } from '../src/server/modules/devices/device-access-service';
import type {
  DeviceDocumentLookup,
  DeviceDocumentRepository,
} from '../src/server/modules/devices/device-document-repository';
import { deviceRoutes } from '../src/server/modules/devices/routes';
import { DatabaseAttemptLimiter } from '../src/server/modules/security/database-attempt-limiter';
import { errorEnvelope } from '../src/server/plugins/error-envelope';
import { responseSerializerCompiler } from '../src/server/plugins/response-serializer';
import { sameOriginGuard } from '../src/server/plugins/same-origin';
import { securityHeaders } from '../src/server/plugins/security-headers';
import { benchIndex, benchKey } from './device-ids';

/**
 * The floor under the TV app's poll (bench rows "(a) floor" and "(e) floor"): the app's own
 * GET /api/v1/device (its route, service, guessing limits, validation and every hook that route has
 * in the app: the cookie parser, the security headers, the same-origin guard, with the app's logger),
 * with the device's stored answer computed from its MAC instead of read from a database (a re-poll's
 * kept in a map once computed, as the app keeps it on SQLite). What is left is what the product's
 * rules cost on top of a bare Fastify route; the app's own rows add the lookup and the data path.
 * The answers match the seed's (seed.ts: device i has MAC benchMac(i), key benchKey(i), and is banned
 * when i is a multiple of 97), at version 1, with a body of BODY_BYTES' size. The guessing counts are in memory, as the app keeps them on SQLite (a scratch database file
 * holds the failures, as the app's does); on PostgreSQL the app counts in the database or Redis, so
 * this floor is lower than its own there. With FLOOR_LIMITS_DATABASE_URL (a PostgreSQL URL) the
 * counts are kept there instead, as the app keeps them on PostgreSQL without Redis: the rows "floor,
 * guessing limits in PostgreSQL" (decision 0044).
 */
const port = Number(process.env.PORT);
/**
 * Parts left out, to measure what each costs (comma-separated): logger, cookies, headers, origin,
 * validation, limits (every attempt let through, nothing counted). For measuring only: the floor is
 * the server with all of them.
 */
const without = new Set((process.env.FLOOR_WITHOUT ?? '').split(',').filter(Boolean));
const PARTS = ['logger', 'cookies', 'headers', 'origin', 'validation', 'limits'];
const unknownParts = [...without].filter((part) => !PARTS.includes(part));
if (unknownParts.length > 0)
  throw new Error(`FLOOR_WITHOUT: unknown ${unknownParts.join(', ')}; parts: ${PARTS}`);
const responseBytes = Number(process.env.BODY_BYTES ?? 700);
const wrapper = '{"success":true,"data":}'.length;
const body = JSON.stringify({ padding: 'x'.repeat(Math.max(0, responseBytes - wrapper - 14)) });

const scratch = path.join(process.env.FLOOR_SCRATCH_DIR ?? '.bench-data/tmp', `floor-${process.pid}.sqlite`);
fs.mkdirSync(path.dirname(scratch), { recursive: true });
const database = openDatabase({ kind: 'sqlite', filename: scratch, readers: 0 });
await migrateToLatest(database);
const config = loadConfig({ ...process.env, DATABASE_URL: undefined, DATA_DIR: path.dirname(scratch) });
const limitsUrl = process.env.FLOOR_LIMITS_DATABASE_URL;
const limitsDatabase = limitsUrl ? openDatabase({ kind: 'postgres', url: limitsUrl }) : null;

const unused = (name: string) =>
  new Proxy(
    {},
    {
      get: () => {
        throw new Error(
          `floor-server: ${name} is not part of the floor (a stored answer is never stale here)`,
        );
      },
    },
  ) as never;
const polledAgain = new Map<string, DeviceDocumentLookup>();
const documents: DeviceDocumentRepository = {
  // Answered at the end of the turn, as the app's answers from memory are (decision 0045).
  async findByMac(mac) {
    const i = benchIndex(mac);
    if (i === undefined) return atTurnEnd(undefined);
    return atTurnEnd({ id: i, device_key: benchKey(i), is_banned: i % 97 === 0, version: 1, body });
  },
  // A re-poll is answered from a map of the answers already computed, as the app's memory answers it
  // on SQLite (decision 0046): computing each from its MAC again cost more than the app's lookup.
  async findByMacPolledAgain(mac) {
    const known = polledAgain.get(mac);
    if (known) return atTurnEnd(known);
    const found = await documents.findByMac(mac);
    if (found) polledAgain.set(mac, found);
    return found;
  },
  store: unused('store'),
  storeMany: unused('storeMany'),
  staleIds: unused('staleIds'),
};
const devices = createDeviceAccessService({
  db: unused('db'),
  devices: unused('devices'),
  documents,
  deviceSessions: unused('deviceSessions'),
  playlists: unused('playlists'),
  messages: unused('messages'),
  limiter: without.has('limits')
    ? {
        reserve: async (attempts) => attempts.map(() => ({ locked: false, attempts: 0 })),
        fail: async () => ({ locked: false }),
        release: async () => {},
        reset: async () => {},
        forgetEnded: async () => 0,
      }
    : limitsDatabase
      ? new DatabaseAttemptLimiter(limitsDatabase.db)
      : new DatabaseAttemptLimiter(database.db, undefined, { soleWriter: true }),
  limits: config.limits,
  events: unused('events'),
});

// As buildApp makes the app's server, for what this route goes through.
const app = Fastify({
  logger: without.has('logger') ? false : loggerOptions(config.logLevel),
  childLoggerFactory: requestLoggerFactory,
}).withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(
  without.has('validation') ? () => (value: unknown) => ({ value }) : validatorCompiler,
);
app.setSerializerCompiler(responseSerializerCompiler);
app.decorate('deps', { devices, config } as never);
if (!without.has('cookies')) await app.register(fastifyCookie);
if (!without.has('headers')) {
  await app.register(securityHeaders, { helmet: { strictTransportSecurity: config.production } });
}
await app.register(errorEnvelope);
if (!without.has('origin')) await app.register(sameOriginGuard);
await app.register(deviceRoutes, { prefix: '/api/v1' });
await app.listen({ port, host: '127.0.0.1' });
process.once('SIGTERM', async () => {
  await app.close();
  await database.destroy();
  await limitsDatabase?.destroy();
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(scratch + suffix, { force: true });
  process.exit(0);
});
