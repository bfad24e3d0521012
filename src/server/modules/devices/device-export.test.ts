import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  insertDevices,
  insertReseller,
  resellerWithKey,
  signIn,
  type TestAppWithAdmin,
} from '../../test/test-app';
import { createDeviceExport, DEVICE_CSV_COLUMNS } from './device-export';

let t: TestAppWithAdmin;
beforeAll(async () => {
  t = await createTestApp({ withAdmin: true });
});
afterAll(() => t.close());

const exportApi = (secret: string | undefined, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/reseller/v1/devices.csv${query}`,
    headers: secret ? { authorization: `Bearer ${secret}` } : {},
  });

const records = (body: string) =>
  parse(body, { columns: true, bom: true }) as Record<(typeof DEVICE_CSV_COLUMNS)[number], string>[];

/** Every MAC GET /devices lists for this query, page after page. */
async function listedMacs(secret: string, query: string): Promise<string[]> {
  const macs: string[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/reseller/v1/devices?limit=100${query}${cursor ? `&cursor=${cursor}` : ''}`,
      headers: { authorization: `Bearer ${secret}` },
    });
    const body = page.json() as { data: { mac: string }[]; next_cursor: string | null };
    macs.push(...body.data.map((device) => device.mac));
    cursor = body.next_cursor;
  }
  return macs;
}

describe('GET /api/reseller/v1/devices.csv', () => {
  it('answers 401 without a key and 403 to a key without devices:read', async () => {
    expect((await exportApi(undefined)).statusCode).toBe(401);
    const { secret } = await resellerWithKey(t, {}, ['devices:activate']);
    expect((await exportApi(secret)).json()).toMatchObject({ status: 403, code: 'missing_scope' });
  });

  it('answers 400 naming the field for a bad filter', async () => {
    const { secret } = await resellerWithKey(t, {}, ['devices:read']);
    for (const [query, field] of [
      ['?status=gold', 'status'],
      ['?payment=maybe', 'payment'],
      ['?limit=5', 'limit'],
    ]) {
      const response = await exportApi(secret, query);
      expect({ query, status: response.statusCode, field: response.json().field }).toEqual({
        query,
        status: 400,
        field,
      });
    }
  });

  it('streams every page the list filters select, and nothing of another reseller', async () => {
    const { user, secret } = await resellerWithKey(t, {}, ['devices:read']);
    const other = await insertReseller(t.database);
    await insertDevices(t.database, 1200, { ownerId: user.id, paymentType: 'year', isPaid: true });
    await insertDevices(t.database, 300, { ownerId: user.id });
    await insertDevices(t.database, 50, { ownerId: other.id, paymentType: 'year', isPaid: true });

    for (const query of ['', '&status=year', '&payment=free', '&q=test%20tv']) {
      const response = await exportApi(secret, `?${query.slice(1)}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="devices-[\d-]+\.csv"$/);
      // Streamed: the length is not known when the answer starts.
      expect(response.headers['content-length']).toBeUndefined();
      const macs = records(response.body).map((row) => row.mac);
      expect({ query, macs }).toEqual({ query, macs: await listedMacs(secret, query) });
    }
    const all = records((await exportApi(secret)).body);
    expect(all).toHaveLength(1500);
    expect(Object.keys(all[0] ?? {})).toEqual([...DEVICE_CSV_COLUMNS]);
    expect(all[0]).toMatchObject({ plan: 'free', paid: 'false', banned: 'false', app_name: 'Test TV' });
  }, 60_000);

  it("writes each device's dates as the list shows them: ISO text to the millisecond", async () => {
    const { user, secret } = await resellerWithKey(t, {}, ['devices:read']);
    const expiresAt = new Date(Date.UTC(2027, 0, 2, 3, 4, 5, 6));
    const [mac] = await insertDevices(t.database, 1, { ownerId: user.id, expiresAt });
    const [row] = records((await exportApi(secret)).body);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/reseller/v1/devices?limit=1',
      headers: { authorization: `Bearer ${secret}` },
    });
    const [device] = (listed.json() as { data: { mac: string; created_at: string }[] }).data;
    expect(device?.mac).toBe(mac);
    expect(device?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(row).toMatchObject({
      mac,
      created_at: device?.created_at,
      expires_at: '2027-01-02T03:04:05.006Z',
      paid_at: '',
    });
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const { user, secret } = await resellerWithKey(t, {}, ['devices:read']);
    for (const [name, phone] of [
      ['=HYPERLINK("http://evil.example","x")', '+33 6 12 34 56 78'],
      ['@SUM(A1)', '-1+1'],
      ['Ada, "the" first', '\t=1'],
    ]) {
      await insertDevices(t.database, 1, { ownerId: user.id, name, phone });
    }
    const cells = records((await exportApi(secret)).body).map((row) => [row.client_name, row.client_phone]);
    expect(cells).toEqual([
      ['Ada, "the" first', "'\t=1"],
      ["'@SUM(A1)", "'-1+1"],
      [`'=HYPERLINK("http://evil.example","x")`, "'+33 6 12 34 56 78"],
    ]);
  });
});

describe('GET /api/v1/device/export.csv (panel)', () => {
  it('answers 401 without a session and 400 naming a bad filter', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/v1/device/export.csv' })).statusCode).toBe(401);
    const user = await insertReseller(t.database);
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/device/export.csv?status=gold',
      cookie: await signIn(t.app, user.email),
    });
    expect({ status: response.statusCode, field: response.json().field }).toEqual({
      status: 400,
      field: 'status',
    });
  });

  it("exports a reseller's own devices with the list's filters; an admin's export has everyone's", async () => {
    const user = await insertReseller(t.database);
    const other = await insertReseller(t.database);
    const lifetime = await insertDevices(t.database, 3, {
      ownerId: user.id,
      paymentType: 'lifetime',
      expiresAt: null,
    });
    await insertDevices(t.database, 2, { ownerId: user.id });
    const theirs = await insertDevices(t.database, 2, {
      ownerId: other.id,
      paymentType: 'lifetime',
      expiresAt: null,
    });
    const exportAs = async (cookie: string, query: string) => {
      const response = await call(t.app, { method: 'GET', url: `/api/v1/device/export.csv${query}`, cookie });
      expect(response.statusCode).toBe(200);
      // A byte-order mark, so spreadsheets read the UTF-8 names right.
      expect(response.body.startsWith('\ufeff')).toBe(true);
      return records(response.body).map((row) => row.mac);
    };
    expect(await exportAs(await signIn(t.app, user.email), '?status=lifetime')).toEqual(
      [...lifetime].reverse(),
    );
    const admins = await exportAs(t.adminCookie, '?status=lifetime');
    expect(admins).toEqual(expect.arrayContaining([...lifetime, ...theirs]));
  });
});

describe('the export stream', () => {
  it('reads the list in keyset pages, none missed and none repeated', async () => {
    const owner = await insertReseller(t.database);
    const macs = await insertDevices(t.database, 7, { ownerId: owner.id });
    const stream = createDeviceExport(t.database.db, 3).csv({ ownerId: owner.id });
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(records(text).map((row) => row.mac)).toEqual([...macs].reverse());
  });
});
