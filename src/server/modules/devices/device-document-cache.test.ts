import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directRunnerOf } from '../../db';
import {
  call,
  createTestApp,
  deviceIdOf,
  registerDevice,
  type TestApp,
  testDatabaseKind,
} from '../../test/test-app';
import { type CachedDocument, DeviceDocumentCache } from './device-document-cache';

/**
 * The TV app's answers kept in memory (SQLite): whoever changes a device, its playlists or its
 * messages, and however (the API, plain SQL, a delete), the next poll answers the change. On
 * PostgreSQL the same polls run without the cache and must answer the same.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function poll(device: { mac: string; key: string }, etag?: string) {
  return call(t.app, {
    method: 'GET',
    url: `/api/v1/device?mac=${encodeURIComponent(device.mac)}&cle_mac=${device.key}`,
    headers: etag ? { 'if-none-match': etag } : {},
  });
}

describe(`the TV app's answer after a change (${testDatabaseKind})`, () => {
  it('answers every change made with plain SQL on the next poll: device, playlist added, edited, removed', async () => {
    const device = await registerDevice(t.app);
    const id = await deviceIdOf(t.database, device.mac);
    const { db } = t.database;
    let etag = (await poll(device)).headers.etag as string;
    expect((await poll(device, etag)).statusCode).toBe(304);

    const changes: [string, () => Promise<unknown>, (data: Record<string, unknown>) => void][] = [
      [
        'renamed',
        () => db.updateTable('devices').set({ name: 'Living room' }).where('id', '=', id).execute(),
        (data) => expect(data.name).toBe('Living room'),
      ],
      [
        'playlist added',
        () =>
          db
            .insertInto('playlists')
            .values({
              device_id: id,
              name: 'News',
              url: 'http://lists.example/n.m3u',
              pin_hash: null,
              notes: null,
              created_at: new Date(),
              updated_at: new Date(),
            })
            .execute(),
        (data) => expect(data.playlists).toHaveLength(1),
      ],
      [
        'playlist renamed',
        () => db.updateTable('playlists').set({ name: 'Sport' }).where('device_id', '=', id).execute(),
        (data) => expect((data.playlists as { name: string }[])[0]?.name).toBe('Sport'),
      ],
      [
        'playlist removed',
        () => db.deleteFrom('playlists').where('device_id', '=', id).execute(),
        (data) => expect(data.playlists).toHaveLength(0),
      ],
    ];
    for (const [what, change, check] of changes) {
      await change();
      const answer = await poll(device, etag);
      expect(answer.statusCode, what).toBe(200);
      expect(answer.headers.etag, what).not.toBe(etag);
      check(answer.json().data);
      etag = answer.headers.etag as string;
      expect((await poll(device, etag)).statusCode, what).toBe(304);
    }
  });

  it('refuses a device that was banned, or deleted, since its answer was kept', async () => {
    const banned = await registerDevice(t.app);
    const deleted = await registerDevice(t.app);
    for (const device of [banned, deleted]) expect((await poll(device)).statusCode).toBe(200);
    await t.database.db
      .updateTable('devices')
      .set({ is_banned: true })
      .where('mac', '=', banned.mac)
      .execute();
    await t.database.db.deleteFrom('devices').where('mac', '=', deleted.mac).execute();
    expect((await poll(banned)).statusCode).toBe(403);
    expect((await poll(deleted)).statusCode).toBe(401);
  });

  it('answers a changed key with 401 to the old one', async () => {
    const device = await registerDevice(t.app);
    const etag = (await poll(device)).headers.etag as string;
    await t.database.db
      .updateTable('devices')
      .set({ device_key: 'NEWKEY1234' })
      .where('mac', '=', device.mac)
      .execute();
    expect((await poll(device, etag)).statusCode).toBe(401);
    expect((await poll({ mac: device.mac, key: 'NEWKEY1234' }, etag)).statusCode).toBe(200);
  });
});

describe.skipIf(testDatabaseKind !== 'sqlite')('DeviceDocumentCache (SQLite)', () => {
  const document = (version: number, body = '{}'): CachedDocument => ({
    id: 1,
    device_key: 'K',
    is_banned: false,
    version,
    body,
  });
  const cacheOf = (maxBytes?: number) => new DeviceDocumentCache(directRunnerOf(t.database.db)!, maxBytes);

  it('answers a re-poll from memory: a body rewritten without a new version (no code does that) is not read', async () => {
    const device = await registerDevice(t.app);
    // The first poll builds the answer from the rows and stores it; the next one reads and keeps it.
    await poll(device);
    const first = await poll(device);
    await sql`UPDATE device_documents SET body = '{"rewritten":true}' WHERE mac = ${device.mac}`.execute(
      t.database.db,
    );
    expect((await poll(device)).body).toBe(first.body);
  });

  it('keeps the most recently used answers within its size', () => {
    const cache = cacheOf(3 * (2 * (2 + 1 + 100) + 200));
    const generation = cache.sync()!;
    for (const mac of ['m1', 'm2', 'm3']) cache.put(mac, document(1, 'x'.repeat(100)), generation);
    expect(cache.get('m1')).toBeDefined();
    cache.put('m4', document(1, 'x'.repeat(100)), generation);
    expect(cache.get('m2')).toBeUndefined();
    expect(['m1', 'm3', 'm4'].map((mac) => cache.get(mac) !== undefined)).toEqual([true, true, true]);
  });

  it('refuses an answer read before a sync that dropped changes', async () => {
    const device = await registerDevice(t.app);
    const cache = cacheOf();
    const before = cache.sync()!;
    await t.database.db
      .updateTable('devices')
      .set({ name: 'Changed' })
      .where('mac', '=', device.mac)
      .execute();
    expect(cache.sync()).not.toBe(before);
    cache.put(device.mac, document(1), before);
    expect(cache.get(device.mac)).toBeUndefined();
  });

  it('starts again when changes it had not read were deleted by another reader', async () => {
    const device = await registerDevice(t.app);
    const cache = cacheOf();
    cache.put(device.mac, document(1), cache.sync()!);
    await t.database.db.updateTable('devices').set({ name: 'One' }).where('mac', '=', device.mac).execute();
    await sql`DELETE FROM device_document_changes`.execute(t.database.db);
    const other = await registerDevice(t.app);
    await t.database.db.updateTable('devices').set({ name: 'Three' }).where('mac', '=', other.mac).execute();
    cache.sync();
    expect(cache.size).toBe(0);
  });

  it('is not read while a transaction holds the connection', async () => {
    const cache = cacheOf();
    cache.sync();
    await t.database.db.transaction().execute(async () => {
      expect(cache.sync()).toBeNull();
    });
    expect(cache.sync()).not.toBeNull();
  });
});
