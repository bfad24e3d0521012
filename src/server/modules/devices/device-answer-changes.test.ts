import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  deviceIdOf,
  insertPlaylist,
  pollDevice,
  registerDevice,
  type TestApp,
  testDatabaseKind,
  uniqueMac,
} from '../../test/test-app';

/**
 * The TV app's stored answer (device_documents) follows every change, however it is made: plain SQL
 * on the devices and playlists tables, a ban, a delete or a new key is answered on the next poll,
 * with a new ETag, because the database's triggers make the stored answer stale.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const poll = (device: { mac: string; key: string }, etag?: string) => pollDevice(t.app, device, etag);

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
        () => insertPlaylist(t.database, id),
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

  it('refuses a device that was banned, or deleted, after its answer was stored', async () => {
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

  it('answers a device under its new MAC, and no longer under the old one, after an update that changed it', async () => {
    const device = await registerDevice(t.app);
    const moved = { mac: uniqueMac(), key: device.key };
    const etag = (await poll(device)).headers.etag as string;
    // Another column changes with it, as in any edit: both triggers of migration 0023 run.
    await t.database.db
      .updateTable('devices')
      .set({ mac: moved.mac, name: 'Bedroom' })
      .where('mac', '=', device.mac)
      .execute();
    expect((await poll(device, etag)).statusCode).toBe(401);
    const answer = await poll(moved, etag);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ mac: moved.mac, name: 'Bedroom' });
    // An update that leaves the MAC alone keeps the device under it.
    await t.database.db.updateTable('devices').set({ name: 'Hall' }).where('mac', '=', moved.mac).execute();
    expect((await poll(moved)).json().data).toMatchObject({ mac: moved.mac, name: 'Hall' });
  });
});
