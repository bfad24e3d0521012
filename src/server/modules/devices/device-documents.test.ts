import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  insertUser,
  registerDevice,
  signIn,
  signInDevice,
  type TestApp,
  insertReseller,
} from '../../test/test-app';
import { createDeviceDocumentRepository } from './device-document-repository';

/**
 * GET /device answers from device_documents (migration 0004). Whatever changes a device or its
 * playlists (the device page, the panel, a tool writing SQL), the next answer must show it.
 */
let t: TestApp;
let adminCookie: string;
let resellerCookie: string;
let resellerId: number;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await insertUser(t.database, { role: 'admin' });
  const reseller = await insertReseller(t.database, { credits: 5 });
  resellerId = reseller.id;
  adminCookie = await signIn(t.app, admin.email);
  resellerCookie = await signIn(t.app, reseller.email);
});
afterAll(() => t.close());

type Device = { mac: string; key: string; id: number; cookie: string };

async function newDevice(): Promise<Device> {
  const { mac, key } = await registerDevice(t.app);
  const row = await t.database.db
    .selectFrom('devices')
    .select('id')
    .where('mac', '=', mac)
    .executeTakeFirstOrThrow();
  return { mac, key, id: row.id, cookie: await signInDevice(t.app, mac, key) };
}

async function appAnswer(device: Device) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/device?mac=${encodeURIComponent(device.mac)}&cle_mac=${device.key}`,
  });
  return { status: response.statusCode, type: response.headers['content-type'], body: response.json() };
}

/** The same view, built from the rows by the device page's sign-in (which does not use the document). */
async function freshView(device: Device) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/device/login',
    payload: { mac: device.mac, cle_mac: device.key },
  });
  return response.json().data;
}

async function storedBody(deviceId: number): Promise<string | null> {
  const row = await t.database.db
    .selectFrom('device_documents')
    .select('body')
    .where('device_id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return row.body;
}

describe('the TV app answer (device_documents)', () => {
  it('is stored on the first read and then served as the same JSON the rows give', async () => {
    const device = await newDevice();
    expect(await storedBody(device.id)).toBeNull();
    const first = await appAnswer(device);
    expect(first.status).toBe(200);
    expect(first.type).toBe('application/json; charset=utf-8');
    expect(first.body).toEqual({ success: true, data: await freshView(device) });
    expect(await storedBody(device.id)).not.toBeNull();
    expect((await appAnswer(device)).body).toEqual(first.body);
  });

  it('shows playlists added, changed and deleted on the device page', async () => {
    const device = await newDevice();
    await appAnswer(device);
    const added = await call(t.app, {
      method: 'POST',
      url: `/api/v1/playlist/${device.mac}`,
      payload: { name: 'News', url: 'http://lists.example/news.m3u', hasPin: false },
      cookie: device.cookie,
    });
    expect(added.statusCode).toBe(201);
    const playlistId = added.json().data.id;
    expect((await appAnswer(device)).body.data.playlists.map((p: { name: string }) => p.name)).toEqual([
      'News',
    ]);

    await call(t.app, {
      method: 'PUT',
      url: `/api/v1/playlist/${device.mac}/${playlistId}`,
      payload: { name: 'Sport', url: 'http://lists.example/sport.m3u', hasPin: false },
      cookie: device.cookie,
    });
    expect((await appAnswer(device)).body.data.playlists[0]).toMatchObject({
      name: 'Sport',
      url: 'http://lists.example/sport.m3u',
    });

    await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/playlist/${device.mac}/${playlistId}`,
      cookie: device.cookie,
    });
    expect((await appAnswer(device)).body.data.playlists).toEqual([]);
  });

  it('shows an activation, a contact edit and a ban from the panel', async () => {
    const device = await newDevice();
    expect((await appAnswer(device)).body.data.payment_type).toBe('free');
    const activated = await call(t.app, {
      method: 'POST',
      url: '/api/v1/device/updatepayment',
      payload: { user_id: resellerId, plan: 'year', mac: device.id },
      cookie: resellerCookie,
    });
    expect(activated.statusCode).toBe(200);
    expect((await appAnswer(device)).body.data).toMatchObject({ payment_type: 'year', paid: true });

    await call(t.app, {
      method: 'PUT',
      url: `/api/v1/device/${device.id}`,
      payload: { name: 'Kitchen TV' },
      cookie: resellerCookie,
    });
    expect((await appAnswer(device)).body.data.name).toBe('Kitchen TV');

    await call(t.app, { method: 'PUT', url: `/api/v1/device/toggleBan/${device.id}`, cookie: adminCookie });
    expect((await appAnswer(device)).status).toBe(403);
    await call(t.app, { method: 'PUT', url: `/api/v1/device/toggleBan/${device.id}`, cookie: adminCookie });
    const back = await appAnswer(device);
    expect(back.status).toBe(200);
    expect(back.body.data.banned).toBe(false);
  });

  it('shows changes written straight to the database, and forgets a deleted device', async () => {
    const device = await newDevice();
    await call(t.app, {
      method: 'POST',
      url: `/api/v1/playlist/${device.mac}`,
      payload: { name: 'Films', url: 'http://lists.example/films.m3u', hasPin: false },
      cookie: device.cookie,
    });
    await appAnswer(device);
    await sql`UPDATE playlists SET name = 'Renamed by hand' WHERE device_id = ${device.id}`.execute(
      t.database.db,
    );
    expect((await appAnswer(device)).body.data.playlists[0].name).toBe('Renamed by hand');
    await sql`UPDATE devices SET phone = '+44 20' WHERE id = ${device.id}`.execute(t.database.db);
    expect((await appAnswer(device)).body.data.phone).toBe('+44 20');
    // The key the sign-in checks is the device's, copied in the same transaction.
    await sql`UPDATE devices SET device_key = 'NEWKEY2345' WHERE id = ${device.id}`.execute(t.database.db);
    expect((await appAnswer(device)).status).toBe(401);
    expect((await appAnswer({ ...device, key: 'NEWKEY2345' })).status).toBe(200);

    await call(t.app, { method: 'DELETE', url: `/api/v1/device/${device.id}`, cookie: adminCookie });
    expect((await appAnswer(device)).status).toBe(401);
    const orphans = await t.database.db
      .selectFrom('device_documents')
      .select('device_id')
      .where('device_id', '=', device.id)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('drops an answer built from rows that changed before it was stored', async () => {
    const device = await newDevice();
    const documents = createDeviceDocumentRepository(t.database.db);
    const before = await documents.findByMac(device.mac);
    // A change lands between the read and the store (another request, another instance).
    await sql`UPDATE devices SET name = 'Changed meanwhile' WHERE id = ${device.id}`.execute(t.database.db);
    await documents.store(device.id, before!.version, '{"stale":true}');
    expect(await storedBody(device.id)).toBeNull();
    expect((await appAnswer(device)).body.data.name).toBe('Changed meanwhile');
  });

  it('fills every stale answer in bulk, the same as the rows give', async () => {
    const devices = await Promise.all(Array.from({ length: 5 }, () => newDevice()));
    await call(t.app, {
      method: 'POST',
      url: `/api/v1/playlist/${devices[0]!.mac}`,
      payload: { name: 'Kids', url: 'http://lists.example/kids.m3u', hasPin: true, pin: '4321' },
      cookie: devices[0]!.cookie,
    });
    expect(await t.app.deps.devices.refreshStaleDocuments(2)).toBeGreaterThanOrEqual(5);
    for (const device of devices) {
      const body = await storedBody(device.id);
      expect(body).not.toBeNull();
      // The device page's view, less the last probe, which is for people, not for the TV app.
      const view = await freshView(device);
      const playlists = view.playlists.map(
        ({ last_probe: _probe, ...playlist }: { last_probe?: unknown }) => playlist,
      );
      expect(JSON.parse(body!)).toEqual({ ...view, playlists });
    }
    // The protected playlist's URL is not in the stored answer.
    expect(await storedBody(devices[0]!.id)).not.toContain('kids.m3u');
  });
});
