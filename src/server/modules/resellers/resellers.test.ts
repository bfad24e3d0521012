import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import {
  call,
  createTestApp,
  signIn,
  TEST_PASSWORD,
  testDatabaseKind,
  type TestAppWithAdmin,
} from '../../test/test-app';

let t: TestAppWithAdmin;
let admin: UserRow;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp({ withAdmin: true });
  ({ admin, adminCookie } = t);
});
afterAll(() => t.close());

let counter = 0;
async function signUp(cookie: string, extra: Record<string, unknown> = {}) {
  counter += 1;
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/sign_up_reseller',
    cookie,
    payload: {
      name: `Reseller ${counter}`,
      email: `r${counter}@net.test`,
      password: TEST_PASSWORD,
      phone: '555 0100',
      credits: 0,
      ...extra,
    },
  });
}

/** admin -> reseller -> sub-reseller -> sub-sub-reseller, each signed in. */
async function chain() {
  const level1 = (await signUp(adminCookie, { credits: 20 })).json().data;
  const c1 = await signIn(t.app, level1.email);
  const level2 = (await signUp(c1, { credits: 6 })).json().data;
  const c2 = await signIn(t.app, level2.email);
  const level3 = (await signUp(c2, { credits: 2 })).json().data;
  const c3 = await signIn(t.app, level3.email);
  return { level1, c1, level2, c2, level3, c3 };
}

const balance = async (id: number) =>
  (await t.database.db.selectFrom('users').select('credits').where('id', '=', id).executeTakeFirstOrThrow())
    .credits;

describe('creating resellers', () => {
  it('admin creates a reseller, a reseller creates a sub_reseller under itself, paying the starting credits', async () => {
    const { level1, level2, level3 } = await chain();
    expect(level1).toMatchObject({ role: 'reseller', parentId: admin.id, credits: 20, status: 'Active' });
    expect(level2).toMatchObject({ role: 'sub_reseller', parentId: level1.id, credits: 6 });
    expect(level3).toMatchObject({ role: 'sub_reseller', parentId: level2.id, credits: 2 });
    expect(await balance(level1.id)).toBe(14);
    expect(await balance(level2.id)).toBe(4);
    expect(JSON.stringify(level1)).not.toMatch(/password/i);
  });

  it('ignores role, parentId and banned in the body', async () => {
    const { c1, level1 } = await chain();
    const response = await signUp(c1, { role: 'admin', parentId: admin.id, banned: true });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ role: 'sub_reseller', parentId: level1.id, banned: false });
  });

  it('refuses starting credits the creator does not have (402), and a duplicate e-mail (409)', async () => {
    const { c2, level2 } = await chain();
    expect((await signUp(c2, { credits: 5 })).statusCode).toBe(402);
    expect(await balance(level2.id)).toBe(4);
    const first = await signUp(adminCookie);
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/sign_up_reseller',
      cookie: adminCookie,
      payload: {
        name: 'Copy',
        email: first.json().data.email.toUpperCase(),
        password: TEST_PASSWORD,
        phone: '1',
      },
    });
    expect(again.statusCode).toBe(409);
  });

  it.each([
    ['no name', { name: '' }, 'name'],
    ['a short password', { password: 'short' }, 'password'],
    ['a bad e-mail', { email: 'nope' }, 'email'],
    ['negative credits', { credits: -5 }, 'credits'],
    ['an unknown field', { isAdmin: true }, 'isAdmin'],
  ])('refuses %s with 400', async (_label, extra, field) => {
    const response = await signUp(adminCookie, extra);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_up_reseller',
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the hierarchy: each level sees and acts one level down only', () => {
  it('lists only direct sub-resellers (admin: everyone but admins)', async () => {
    const { level1, c1, level2, c2, level3, c3 } = await chain();
    const ids = async (cookie: string) =>
      (await call(t.app, { method: 'GET', url: '/api/v1/reseller', cookie }))
        .json()
        .data.map((r: { id: number }) => r.id);
    expect(await ids(c1)).toEqual([level2.id]);
    expect(await ids(c2)).toEqual([level3.id]);
    expect(await ids(c3)).toEqual([]);
    expect(await ids(adminCookie)).toEqual(expect.arrayContaining([level1.id, level2.id, level3.id]));
    expect(await ids(adminCookie)).not.toContain(admin.id);
    // parentId in the query cannot widen the scope.
    const widened = await call(t.app, {
      method: 'GET',
      url: `/api/v1/reseller?parentId=${level1.id}`,
      cookie: c3,
    });
    expect(widened.json().data).toEqual([]);
  });

  it('edits name and phone one level down; anything further is 404', async () => {
    const { level1, c1, level2, level3, c3 } = await chain();
    const edit = (cookie: string, id: number, payload: object) =>
      call(t.app, { method: 'PUT', url: `/api/v1/reseller/${id}`, cookie, payload });
    expect((await edit(c1, level2.id, { name: 'Renamed', phone: '1' })).statusCode).toBe(200);
    expect((await edit(c1, level3.id, { name: 'Renamed', phone: '1' })).statusCode).toBe(404);
    expect((await edit(c3, level1.id, { name: 'Renamed', phone: '1' })).statusCode).toBe(404);
    expect((await edit(c1, admin.id, { name: 'Renamed', phone: '1' })).statusCode).toBe(404);
    const massAssign = await edit(c1, level2.id, { name: 'X', phone: '1', credits: 9999, role: 'admin' });
    expect(massAssign.statusCode).toBe(400);
    expect(await balance(level2.id)).toBe(4);
    expect((await edit(adminCookie, level3.id, { name: 'By admin', phone: '2' })).json().data.name).toBe(
      'By admin',
    );
  });

  it("bans one level down, and the banned user's session gets 401 on its next call", async () => {
    const { c1, level2, c2, level3 } = await chain();
    expect(
      (await call(t.app, { method: 'PUT', url: `/api/v1/reseller/toggleBan/${level3.id}`, cookie: c1 }))
        .statusCode,
    ).toBe(404);
    const banned = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/reseller/toggleBan/${level2.id}`,
      cookie: c1,
    });
    expect(banned.json().data).toMatchObject({ banned: true, status: 'Banned' });
    expect(
      (await call(t.app, { method: 'POST', url: '/api/v1/auth/check', payload: {}, cookie: c2 })).statusCode,
    ).toBe(401);
    const back = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/reseller/toggleBan/${level2.id}`,
      cookie: c1,
    });
    expect(back.json().data.banned).toBe(false);
    // Unbanning does not revive the old session.
    expect(
      (await call(t.app, { method: 'POST', url: '/api/v1/auth/check', payload: {}, cookie: c2 })).statusCode,
    ).toBe(401);
  });
});

describe('credits', () => {
  const adminCredit = (payload: object, cookie = adminCookie) =>
    call(t.app, { method: 'POST', url: '/api/v1/transactions/credit_admin', cookie, payload });
  const give = (cookie: string, payload: object) =>
    call(t.app, { method: 'POST', url: '/api/v1/transactions/credit_reseller', cookie, payload });

  it('admin adds and removes, never below zero', async () => {
    const { level1 } = await chain();
    const added = await adminCredit({ resellerId: level1.id, credits: 5, type: 'add', user: admin.id });
    expect(added.json()).toMatchObject({ success: true, current_credits: 19 });
    const removed = await adminCredit({ resellerId: level1.id, credits: 4, type: 'remove', user: admin.id });
    expect(removed.json().current_credits).toBe(15);
    const tooMuch = await adminCredit({ resellerId: level1.id, credits: 16, type: 'remove', user: admin.id });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      success: false,
      code: 'exceeds_reseller_credits',
      message: 'Amount exceeds reseller credits',
      field: 'credits',
    });
    expect(await balance(level1.id)).toBe(15);
  });

  it('credit_admin is for admins, as themselves', async () => {
    const { level1, c1, level2 } = await chain();
    expect(
      (await adminCredit({ resellerId: level2.id, credits: 1, type: 'add', user: level1.id }, c1)).statusCode,
    ).toBe(403);
    expect(
      (await adminCredit({ resellerId: level1.id, credits: 1, type: 'add', user: 12345 })).statusCode,
    ).toBe(403);
    expect(
      (await adminCredit({ resellerId: level1.id, credits: 0, type: 'add', user: admin.id })).statusCode,
    ).toBe(400);
    expect(
      (await adminCredit({ resellerId: level1.id, credits: 'ten', type: 'add', user: admin.id })).statusCode,
    ).toBe(400);
    expect(
      (await adminCredit({ resellerId: 99999999, credits: 1, type: 'add', user: admin.id })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/transactions/credit_admin', payload: {} }))
        .statusCode,
    ).toBe(401);
  });

  it('a reseller gives its own credits to a direct sub-reseller only', async () => {
    const { level1, c1, level2, level3 } = await chain();
    const response = await give(c1, { resellerId: level2.id, user: level1.id, credits: 3, amount: 30 });
    expect(response.json()).toMatchObject({ current_credits: 7, sender_credits: 11 });
    expect((await give(c1, { resellerId: level3.id, user: level1.id, credits: 1 })).statusCode).toBe(404);
    expect((await give(c1, { resellerId: level2.id, user: level1.id, credits: 12 })).statusCode).toBe(402);
    expect((await give(c1, { resellerId: level2.id, user: level2.id, credits: 1 })).statusCode).toBe(403);
    expect(await balance(level1.id)).toBe(11);
    await t.app.deps.events.drain();
    const notes = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', level2.id)
      .execute();
    expect(notes.some((n) => n.kind === 'credits_received')).toBe(true);
  });

  it(`50 parallel transfers from one balance of 10 keep every balance >= 0 and the ledger consistent (${testDatabaseKind})`, async () => {
    const { level1, c1, level2 } = await chain(); // level1 holds 14 after creating level2 with 6
    await adminCredit({ resellerId: level1.id, credits: 4, type: 'remove', user: admin.id }); // 10 left
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => give(c1, { resellerId: level2.id, user: level1.id, credits: 1 })),
    );
    const ok = responses.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(10);
    expect(responses.filter((r) => r.statusCode === 402)).toHaveLength(40);
    expect(await balance(level1.id)).toBe(0);
    expect(await balance(level2.id)).toBe(14); // 4 left after funding level 3, plus 10
    const ledger = await t.database.db
      .selectFrom('credit_transactions')
      .selectAll()
      .where('type', '=', 'transfer')
      .where('sender_id', '=', level1.id)
      .where('receiver_id', '=', level2.id)
      .execute();
    // The 6 starting credits plus the 10 transfers.
    expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(16);
  });

  it('lists recent transactions with the receiver; a reseller sees only its own', async () => {
    const { level1, c1, level2, c2 } = await chain();
    const mine = (
      await call(t.app, { method: 'GET', url: '/api/v1/transactions?limit=10', cookie: c1 })
    ).json().data;
    expect(mine.length).toBeGreaterThan(0);
    for (const row of mine) expect([row.sender?.id, row.receiver?.id]).toContain(level1.id);
    expect(mine[0].receiver).toEqual({ id: level2.id, name: level2.name });
    const theirs = (
      await call(t.app, { method: 'GET', url: '/api/v1/transactions?limit=5', cookie: c2 })
    ).json().data;
    for (const row of theirs) expect([row.sender?.id, row.receiver?.id]).toContain(level2.id);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/transactions?limit=1000', cookie: c1 })).statusCode,
    ).toBe(400);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/transactions' })).statusCode).toBe(401);
  });
});
