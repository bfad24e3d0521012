import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceRow } from '../../db/schema';
import {
  createTestApp,
  deviceIdOf,
  insertPlaylist,
  insertReseller,
  registerDevice,
  type TestApp,
  testDatabaseKind,
} from '../../test/test-app';
import { belongsToViewer, deviceHasPlaylists, isViewersDevice } from './viewer-device';

let t: TestApp;
let withPlaylist: number;
let withoutPlaylist: number;
let resellerId: number;
beforeAll(async () => {
  t = await createTestApp();
  resellerId = (await insertReseller(t.database, { credits: 0 })).id;
  withPlaylist = await deviceIdOf(t.database, (await registerDevice(t.app)).mac);
  await insertPlaylist(t.database, withPlaylist);
  withoutPlaylist = await deviceIdOf(t.database, (await registerDevice(t.app)).mac);
});
afterAll(() => t.close());

const now = new Date('2026-06-01T00:00:00Z');
const later = new Date('2027-01-01T00:00:00Z');
const earlier = new Date('2026-01-01T00:00:00Z');
type Fields = Pick<DeviceRow, 'owner_id' | 'is_paid' | 'expires_at'>;

describe(`whose device it is (${testDatabaseKind})`, () => {
  // [row, a viewer's with playlists, without]. isViewersDevice reads the playlists only when the row
  // cannot tell; it must answer as belongsToViewer does with them read.
  const rows: [string, () => Fields, boolean, boolean][] = [
    [
      'owned, paid and running',
      () => ({ owner_id: resellerId, is_paid: true, expires_at: later }),
      false,
      false,
    ],
    ['owned, unpaid', () => ({ owner_id: resellerId, is_paid: false, expires_at: null }), false, false],
    ['unowned, paid and running', () => ({ owner_id: null, is_paid: true, expires_at: later }), true, true],
    ['unowned, paid for life', () => ({ owner_id: null, is_paid: true, expires_at: null }), true, true],
    [
      'unowned, paid and expired',
      () => ({ owner_id: null, is_paid: true, expires_at: earlier }),
      true,
      false,
    ],
    ['unowned, unpaid trial', () => ({ owner_id: null, is_paid: false, expires_at: later }), true, false],
  ];
  for (const [name, fields, withPlaylists, withoutPlaylists] of rows) {
    for (const playlists of [true, false]) {
      it(`${name}, ${playlists ? 'with' : 'without'} playlists`, async () => {
        const id = playlists ? withPlaylist : withoutPlaylist;
        const device = { id, ...fields() };
        const expected = playlists ? withPlaylists : withoutPlaylists;
        expect(await isViewersDevice(t.database.db, device, now)).toBe(expected);
        expect(belongsToViewer(device, await deviceHasPlaylists(t.database.db, id), now)).toBe(expected);
      });
    }
  }
});
