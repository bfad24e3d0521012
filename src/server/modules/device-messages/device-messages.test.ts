import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  insertDevices,
  insertReseller,
  registerDevice,
  signIn,
  signInDevice,
  type TestAppWithAdmin,
} from '../../test/test-app';

let t: TestAppWithAdmin;
beforeAll(async () => {
  t = await createTestApp({ withAdmin: true });
});
afterAll(() => t.close());

const send = (cookie: string | undefined, payload: unknown) =>
  call(t.app, { method: 'POST', url: '/api/v1/device-messages', cookie, payload: payload as object });
const sentList = (cookie?: string) => call(t.app, { method: 'GET', url: '/api/v1/device-messages', cookie });
const withdraw = (cookie: string | undefined, id: number | string) =>
  call(t.app, { method: 'DELETE', url: `/api/v1/device-messages/${id}`, cookie });

async function keyOf(mac: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('devices')
    .select('device_key')
    .where('mac', '=', mac)
    .executeTakeFirstOrThrow();
  return row.device_key;
}

const tvPoll = async (mac: string, etag?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/device?mac=${mac}&cle_mac=${await keyOf(mac)}`,
    headers: etag ? { 'if-none-match': etag } : {},
  });
const messagesOnTv = async (mac: string) =>
  ((await tvPoll(mac)).json().data.messages as { texts: Record<string, string> }[]).map((m) => m.texts);

async function resellerWithDevices(count: number, fields: Parameters<typeof insertDevices>[2] = {}) {
  const user = await insertReseller(t.database);
  const macs = await insertDevices(t.database, count, { ...fields, ownerId: user.id });
  return { user, macs, cookie: await signIn(t.app, user.email) };
}

const texts = { en: 'Maintenance tonight 2-4 am', fr: 'Maintenance cette nuit 2-4 h', ar: 'صيانة الليلة' };

describe('messages to devices', () => {
  it("reach one device's TV answer at once (new ETag) and its device page, until withdrawn", async () => {
    const { mac, key } = await registerDevice(t.app);
    const before = await tvPoll(mac);
    const etag = before.headers.etag as string;
    expect(before.json().data.messages).toEqual([]);

    const response = await send(t.adminCookie, { texts, days: 7, target: { to: 'device', mac } });
    expect(response.statusCode).toBe(201);
    const sent = response.json().data;
    expect(sent).toMatchObject({ texts, recipients: 1, author: t.admin.name });
    const week = Date.parse(sent.expires_at) - Date.parse(sent.created_at);
    expect(week).toBe(7 * 86_400_000);

    // The stored answer was made stale by the recipient row: a re-poll with the old ETag gets the message.
    const after = await tvPoll(mac, etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().data.messages).toEqual([
      { id: sent.id, texts, created_at: sent.created_at, expires_at: sent.expires_at },
    ]);
    const page = await call(t.app, {
      method: 'GET',
      url: '/api/v1/device/session',
      cookie: await signInDevice(t.app, mac, key),
    });
    expect(page.json().data.messages[0].texts).toEqual(texts);

    expect((await withdraw(t.adminCookie, sent.id)).statusCode).toBe(200);
    expect(await messagesOnTv(mac)).toEqual([]);
    expect((await sentList(t.adminCookie)).json().data.some((m: { id: number }) => m.id === sent.id)).toBe(
      false,
    );
  });

  it("to all: every device of the reseller's and none of another's; one language is enough", async () => {
    const mine = await resellerWithDevices(3);
    const theirs = await resellerWithDevices(1);
    const response = await send(mine.cookie, { texts: { fr: 'Bonjour' }, days: 1, target: { to: 'all' } });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.recipients).toBe(3);
    for (const mac of mine.macs) expect(await messagesOnTv(mac)).toEqual([{ fr: 'Bonjour' }]);
    expect(await messagesOnTv(theirs.macs[0]!)).toEqual([]);
    // Each reseller's list holds its own messages only; the admin's holds everyone's.
    expect((await sentList(mine.cookie)).json().data).toHaveLength(1);
    expect((await sentList(theirs.cookie)).json().data).toHaveLength(0);
    const all = (await sentList(t.adminCookie)).json().data as { id: number }[];
    expect(all.some((m) => m.id === response.json().data.id)).toBe(true);
  });

  it("to the filtered list: the device list's filters select the recipients", async () => {
    const reseller = await insertReseller(t.database);
    const lifetime = await insertDevices(t.database, 2, { ownerId: reseller.id, paymentType: 'lifetime' });
    const free = await insertDevices(t.database, 2, { ownerId: reseller.id, paymentType: 'free' });
    const cookie = await signIn(t.app, reseller.email);
    const response = await send(cookie, {
      texts: { en: 'Thanks for staying with us' },
      days: 30,
      target: { to: 'filter', filter: { status: 'lifetime' } },
    });
    expect(response.json().data.recipients).toBe(2);
    for (const mac of lifetime) expect(await messagesOnTv(mac)).toHaveLength(1);
    for (const mac of free) expect(await messagesOnTv(mac)).toHaveLength(0);
    // A search by MAC narrows it to one device.
    const one = await send(cookie, {
      texts: { en: 'Just you' },
      days: 1,
      target: { to: 'filter', filter: { search: free[0] } },
    });
    expect(one.json().data.recipients).toBe(1);
    expect(await messagesOnTv(free[0]!)).toEqual([{ en: 'Just you' }]);
  });

  it('leaves the TV answer when it expires (the expiry scheduler sweeps) and never shows expired', async () => {
    const { mac } = await registerDevice(t.app);
    await send(t.adminCookie, { texts: { en: 'Soon gone' }, days: 1, target: { to: 'device', mac } });
    expect(await messagesOnTv(mac)).toHaveLength(1);
    const etag = (await tvPoll(mac)).headers.etag as string;
    const tomorrow = new Date(Date.now() + 86_400_000 + 1000);
    expect(await t.app.deps.deviceMessages.removeExpired(tomorrow)).toBeGreaterThanOrEqual(1);
    const after = await tvPoll(mac, etag);
    expect(after.statusCode).toBe(200);
    expect(after.json().data.messages).toEqual([]);
    // The sender still sees it in the list of messages sent.
    const listed = (await sentList(t.adminCookie)).json().data as { texts: { en?: string } }[];
    expect(listed.some((m) => m.texts.en === 'Soon gone')).toBe(true);
  });

  it("a reseller cannot write to another's device, nor withdraw another's message (404)", async () => {
    const mine = await resellerWithDevices(1);
    const theirs = await resellerWithDevices(1);
    const toTheirs = await send(mine.cookie, {
      texts,
      days: 1,
      target: { to: 'device', mac: theirs.macs[0] },
    });
    expect(toTheirs.statusCode).toBe(404);
    expect(toTheirs.json().code).toBe('not_found');
    expect(await messagesOnTv(theirs.macs[0]!)).toEqual([]);
    // An unowned device is the admin's alone.
    const { mac } = await registerDevice(t.app);
    expect((await send(mine.cookie, { texts, days: 1, target: { to: 'device', mac } })).statusCode).toBe(404);

    const theirMessage = (await send(theirs.cookie, { texts, days: 1, target: { to: 'all' } })).json().data;
    expect((await withdraw(mine.cookie, theirMessage.id)).statusCode).toBe(404);
    expect(await messagesOnTv(theirs.macs[0]!)).toHaveLength(1);
    expect((await withdraw(theirs.cookie, theirMessage.id)).statusCode).toBe(200);
    expect((await withdraw(theirs.cookie, theirMessage.id)).statusCode).toBe(404);
  });

  it('a reseller with no matching device is told so (400) and nothing is stored', async () => {
    const lonely = await resellerWithDevices(0);
    const response = await send(lonely.cookie, { texts, days: 1, target: { to: 'all' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('target');
    expect((await sentList(lonely.cookie)).json().data).toEqual([]);
  });

  it('needs a panel session (401), even for reading; a device session is not one', async () => {
    const { mac, key } = await registerDevice(t.app);
    expect((await send(undefined, { texts, days: 1, target: { to: 'all' } })).statusCode).toBe(401);
    expect((await sentList()).statusCode).toBe(401);
    expect((await withdraw(undefined, 1)).statusCode).toBe(401);
    const deviceCookie = await signInDevice(t.app, mac, key);
    expect((await send(deviceCookie, { texts, days: 1, target: { to: 'all' } })).statusCode).toBe(401);
  });

  it.each([
    ['no text', { texts: {}, days: 1, target: { to: 'all' } }],
    ['only blanks', { texts: { en: '   ', ar: '' }, days: 1, target: { to: 'all' } }],
    ['a text too long', { texts: { en: 'x'.repeat(501) }, days: 1, target: { to: 'all' } }],
    ['an unknown language', { texts: { de: 'Hallo' }, days: 1, target: { to: 'all' } }],
    ['a duration not offered', { texts, days: 2, target: { to: 'all' } }],
    ['no target', { texts, days: 1 }],
    ['an unknown target', { texts, days: 1, target: { to: 'everyone' } }],
    ['a bad MAC', { texts, days: 1, target: { to: 'device', mac: 'not-a-mac' } }],
    ['a bad filter', { texts, days: 1, target: { to: 'filter', filter: { status: 'gold' } } }],
    ['a list for a body', ['texts']],
  ])('refuses %s (400, never 500)', async (_name, payload) => {
    const response = await send(t.adminCookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_input');
  });

  it('refuses a bad id to withdraw (400)', async () => {
    expect((await withdraw(t.adminCookie, 'abc')).statusCode).toBe(400);
    expect((await withdraw(t.adminCookie, 0)).statusCode).toBe(400);
  });
});
