import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { call, createTestApp, insertUser, signIn, type TestApp, insertReseller } from '../../test/test-app';
import { notify, notifyAdmins } from './notification-service';

let t: TestApp;
let alice: UserRow;
let bob: UserRow;
let aliceCookie: string;
let bobCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await insertReseller(t.database);
  bob = await insertUser(t.database, { role: 'sub_reseller' });
  aliceCookie = await signIn(t.app, alice.email);
  bobCookie = await signIn(t.app, bob.email);
});
afterAll(() => t.close());

const list = (cookie: string | undefined, query = '') =>
  call(t.app, { method: 'GET', url: `/api/v1/notifications${query}`, cookie });
const markRead = (cookie: string | undefined, payload?: unknown) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/notifications/read',
    cookie,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function idsOf(user: UserRow): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', user.id)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

async function unreadCount(user: UserRow): Promise<number> {
  const rows = await t.database.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', user.id)
    .where('is_read', '=', false)
    .execute();
  return rows.length;
}

describe('notify and notifyAdmins', () => {
  it('notify writes one unread row for that user only', async () => {
    const user = await insertReseller(t.database);
    await notify(t.database.db, user.id, 'credits_received', 'You received 3 credits');
    const rows = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'credits_received',
        message: 'You received 3 credits',
        is_read: false,
      }),
    ]);
    expect(rows[0]!.created_at).toBeInstanceOf(Date);
  });

  it('notifyAdmins writes the same row for every admin and for no one else', async () => {
    const own = await createTestApp();
    try {
      const admins = [
        await insertUser(own.database, { role: 'admin' }),
        await insertUser(own.database, { role: 'admin' }),
      ];
      const reseller = await insertReseller(own.database);
      await notifyAdmins(own.database.db, 'contact_message', 'New contact message');
      const rows = await own.database.db
        .selectFrom('notifications')
        .select(['user_id', 'kind', 'message'])
        .execute();
      expect(rows.map((r) => r.user_id).sort()).toEqual(admins.map((a) => a.id).sort());
      expect(rows.every((r) => r.kind === 'contact_message' && r.message === 'New contact message')).toBe(
        true,
      );
      expect(rows.some((r) => r.user_id === reseller.id)).toBe(false);
    } finally {
      await own.close();
    }
  });

  it('writes inside a transaction and disappears with its rollback', async () => {
    const user = await insertReseller(t.database);
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await notify(trx, user.id, 'device_activated', 'Device activated');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await idsOf(user)).toEqual([]);
  });
});

describe('GET /notifications', () => {
  it('needs a session', async () => {
    const response = await list(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'unauthorized' });
  });

  it("answers the caller's own notifications, newest first, 20 by default", async () => {
    for (let i = 1; i <= 25; i += 1) await notify(t.database.db, alice.id, 'credits_received', `alice ${i}`);
    await notify(t.database.db, bob.id, 'credits_received', 'for bob');
    const response = await list(aliceCookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(20);
    expect(body.data[0]).toMatchObject({ message: 'alice 25', read: false });
    expect(typeof body.data[0].id).toBe('number');
    expect(new Date(body.data[0].created_at).toISOString()).toBe(body.data[0].created_at);
    expect(body.data.some((n: { message: string }) => n.message === 'for bob')).toBe(false);
  });

  it('honours ?limit between 1 and 100', async () => {
    const three = await list(aliceCookie, '?limit=3');
    expect(three.json().data.map((n: { message: string }) => n.message)).toEqual([
      'alice 25',
      'alice 24',
      'alice 23',
    ]);
    const hundred = await list(aliceCookie, '?limit=100');
    expect(hundred.json().data.length).toBeGreaterThanOrEqual(25);
  });

  it.each([
    ['zero', '?limit=0'],
    ['over 100', '?limit=101'],
    ['not a number', '?limit=lots'],
    ['a fraction', '?limit=2.5'],
  ])('refuses a bad limit (%s) with 400 naming it', async (_label, query) => {
    const response = await list(aliceCookie, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'invalid_input', field: 'limit' });
  });

  it('refuses an unknown query parameter', async () => {
    const response = await list(aliceCookie, '?userId=1');
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('userId');
  });
});

describe('POST /notifications/read', () => {
  it('needs a session', async () => {
    expect((await markRead(undefined, {})).statusCode).toBe(401);
    expect((await markRead(undefined)).statusCode).toBe(401);
  });

  it("marks the given ids read, silently leaving another user's alone", async () => {
    const user = await insertReseller(t.database);
    const other = await insertReseller(t.database);
    const cookie = await signIn(t.app, user.email);
    for (const n of [1, 2, 3]) await notify(t.database.db, user.id, 'credits_received', `mine ${n}`);
    await notify(t.database.db, other.id, 'credits_received', 'theirs');
    const [first, second] = await idsOf(user);
    const [theirs] = await idsOf(other);

    const response = await markRead(cookie, { ids: [first, second, theirs, 999_999] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, updated: 2 });
    expect(await unreadCount(user)).toBe(1);
    expect(await unreadCount(other)).toBe(1);

    // Already read: nothing changes the second time.
    expect((await markRead(cookie, { ids: [first] })).json().updated).toBe(0);
    // And the list shows them as read.
    const shown = (await list(cookie)).json().data as { id: number; read: boolean }[];
    expect(shown.find((n) => n.id === first)?.read).toBe(true);
    expect(shown.find((n) => n.id !== first && n.id !== second)?.read).toBe(false);
  });

  it("marks all of the caller's notifications read with no ids (empty object or no body)", async () => {
    const user = await insertReseller(t.database);
    const cookie = await signIn(t.app, user.email);
    for (const n of [1, 2]) await notify(t.database.db, user.id, 'credits_received', `m ${n}`);
    const bobUnread = await unreadCount(bob);

    const all = await markRead(cookie, {});
    expect(all.statusCode).toBe(200);
    expect(all.json().updated).toBe(2);
    expect(await unreadCount(user)).toBe(0);
    expect(await unreadCount(bob)).toBe(bobUnread);

    await notify(t.database.db, user.id, 'credits_received', 'later');
    const noBody = await markRead(cookie);
    expect(noBody.statusCode).toBe(200);
    expect(noBody.json().updated).toBe(1);
  });

  it('an empty ids list marks nothing', async () => {
    const before = await unreadCount(bob);
    const response = await markRead(bobCookie, { ids: [] });
    expect(response.json().updated).toBe(0);
    expect(await unreadCount(bob)).toBe(before);
  });

  it.each([
    ['ids not a list', { ids: 5 }, 'ids'],
    ['a text id', { ids: ['1'] }, 'ids.0'],
    ['a negative id', { ids: [-1] }, 'ids.0'],
    ['a huge id', { ids: [2 ** 40] }, 'ids.0'],
    ['more than 100 ids', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'ids'],
    ['an unknown field', { all: true }, 'all'],
    ['a user id', { ids: [1], userId: 2 }, 'userId'],
  ])('refuses bad input (%s) with 400 naming the field', async (_label, payload, field) => {
    const response = await markRead(aliceCookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'invalid_input', field });
  });
});
