import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYLISTS_PER_DEVICE } from '../../../shared/api/playlist';
import { call, createTestApp, registerDevice, signInDevice, type TestApp } from '../../test/test-app';

/**
 * Issue 12: the per-device cap holds when the adds arrive together. Count and insert were two
 * statements with awaits between them, so parallel adds all read "below the cap" and all inserted. Run on this run's database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the playlist cap under concurrency', () => {
  it('100 parallel adds on one device end at exactly the cap; the others get 409 limit_reached, never 500', async () => {
    const device = await registerDevice(t.app);
    const cookie = await signInDevice(t.app, device.mac, device.key);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(t.app, {
          method: 'POST',
          url: `/api/v1/playlist/${device.mac}`,
          cookie,
          // A PIN makes each add await its hash between the check and the insert, where SQLite interleaves too.
          payload: {
            name: `List ${i}`,
            url: `http://lists.example/${i}.m3u`,
            isAccount: false,
            hasPin: true,
            pin: '1234',
          },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201 || status === 200)).toHaveLength(PLAYLISTS_PER_DEVICE);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(refused).toHaveLength(100 - PLAYLISTS_PER_DEVICE);
    for (const response of refused) expect(response.json().code).toBe('limit_reached');

    const rows = await t.database.db
      .selectFrom('devices')
      .innerJoin('playlists', 'playlists.device_id', 'devices.id')
      .select('playlists.id')
      .where('devices.mac', '=', device.mac)
      .execute();
    expect(rows).toHaveLength(PLAYLISTS_PER_DEVICE);
  });
});
