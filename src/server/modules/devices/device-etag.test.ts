import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { type DatabaseHandle, openDatabase } from '../../db';
import { migrateToLatest } from '../../db/migrate';
import {
  call,
  createPostgresTestDatabase,
  pollDevice,
  registerDevice,
  signInDevice,
  testConfig,
  testDatabaseKind,
} from '../../test/test-app';
import { etagMatches } from '../../http-content';

/**
 * The TV app re-polls GET /device with the ETag it has: 304 and no body while nothing changed; any
 * change to the device or its playlists, made through either instance, changes the ETag for both.
 */
let first: FastifyInstance;
let second: FastifyInstance;
const handles: DatabaseHandle[] = [];
let drop = async () => {};
let dir: string | undefined;

beforeAll(async () => {
  if (testDatabaseKind === 'postgres') {
    const created = await createPostgresTestDatabase();
    drop = created.drop;
    handles.push(openDatabase({ kind: 'postgres', url: created.url, poolSize: 5 }));
    handles.push(openDatabase({ kind: 'postgres', url: created.url, poolSize: 5 }));
  } else {
    // A file, as in production (reader threads exist; the TV lookups move to one only under
    // sustained load, decision 0022, tested in sqlite-readers.test.ts).
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-etag-'));
    const one = openDatabase({ kind: 'sqlite', filename: path.join(dir, 'app.sqlite'), readers: 1 });
    handles.push(one, one);
  }
  await migrateToLatest(handles[0]!);
  first = await buildApp(testConfig(), { database: handles[0]!, logger: false });
  second = await buildApp(testConfig(), { database: handles[1]!, logger: false });
  await Promise.all([first.ready(), second.ready()]);
});
afterAll(async () => {
  await first.close();
  await second.close();
  for (const handle of new Set(handles)) await handle.destroy();
  await drop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const poll = pollDevice;

describe(`GET /device with ETag (${testDatabaseKind}, two instances)`, () => {
  it('sends a strong ETag and answers 304 with no body to a re-poll that has it, on either instance', async () => {
    const device = await registerDevice(first);
    const answer = await poll(first, device);
    expect(answer.statusCode).toBe(200);
    const etag = answer.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await poll(first, device)).headers.etag).toBe(etag);

    for (const app of [first, second]) {
      const again = await poll(app, device, etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    // A list of tags, a weak form and * match too; another tag does not.
    expect((await poll(second, device, `"nope", W/${etag}`)).statusCode).toBe(304);
    expect((await poll(second, device, '"0.0"')).statusCode).toBe(200);
  });

  it('changes the ETag when a playlist is added through the other instance, and again on a device change', async () => {
    const device = await registerDevice(first);
    const before = (await poll(first, device)).headers.etag as string;
    const cookie = await signInDevice(second, device.mac, device.key);
    const added = await call(second, {
      method: 'POST',
      url: `/api/v1/playlist/${device.mac}`,
      payload: {
        name: 'News',
        url: 'http://lists.example/n.m3u',
        isAccount: false,
        hasPin: false,
        pin: null,
      },
      cookie,
    });
    expect(added.statusCode).toBeLessThan(300);

    const after = await poll(first, device, before);
    expect(after.statusCode).toBe(200);
    expect(after.json().data.playlists).toHaveLength(1);
    const etag = after.headers.etag as string;
    expect(etag).not.toBe(before);
    expect((await poll(second, device, etag)).statusCode).toBe(304);

    await handles[1]!.db
      .updateTable('devices')
      .set({ name: 'Renamed' })
      .where('mac', '=', device.mac)
      .execute();
    const renamed = await poll(first, device, etag);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers.etag).not.toBe(etag);
  });

  it('never answers 304 to a wrong key or a banned device', async () => {
    const device = await registerDevice(first);
    const etag = (await poll(first, device)).headers.etag as string;
    const wrong = await poll(first, { mac: device.mac, key: 'WRONGKEY99' }, etag);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers.etag).toBeUndefined();
    await handles[0]!.db
      .updateTable('devices')
      .set({ is_banned: true })
      .where('mac', '=', device.mac)
      .execute();
    expect((await poll(second, device, etag)).statusCode).toBe(403);
  });

  it('answers many TVs polling at once each with its own answer (PostgreSQL reads them in one batch)', async () => {
    const devices = await Promise.all(Array.from({ length: 12 }, () => registerDevice(first)));
    // Every device twice at once (a batch cannot reserve one key twice), and one wrong key.
    const polls = [...devices, ...devices, { mac: devices[0]!.mac, key: 'WRONGKEY99' }];
    const answers = await Promise.all(polls.map((device) => poll(second, device)));
    answers.forEach((answer, index) => {
      if (index === polls.length - 1) {
        expect(answer.statusCode).toBe(401);
        return;
      }
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.mac).toBe(polls[index]!.mac);
    });
    // devices[1] was polled with its right key only: both polls give their reservations back (after
    // answering: guess's giveBack).
    await vi.waitFor(async () => {
      const counted = await handles[1]!.db
        .selectFrom('attempt_counters')
        .select(['key', 'failures'])
        .where('key', 'like', `device:mac:${devices[1]!.mac}`)
        .execute();
      expect(counted.every((row) => row.failures === 0)).toBe(true);
    });
  });
});

describe('etagMatches', () => {
  it('compares weakly, in a list, and matches *', () => {
    expect(etagMatches('"1.2"', '"1.2"')).toBe(true);
    expect(etagMatches('W/"1.2"', '"1.2"')).toBe(true);
    expect(etagMatches(' "a" ,"1.2"', '"1.2"')).toBe(true);
    expect(etagMatches('*', '"1.2"')).toBe(true);
    expect(etagMatches('"1.20"', '"1.2"')).toBe(false);
    expect(etagMatches('', '"1.2"')).toBe(false);
  });
});
