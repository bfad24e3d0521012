import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkRowInput, BulkRowResult } from '../../../shared/api/bulk-activation';
import { PLAN_CREDIT_COST, type PaidPlan } from '../../../shared/plans';
import {
  call,
  createTestApp,
  creditsOf,
  insertDevices,
  insertReseller,
  signIn,
  uniqueMac,
  type TestAppWithAdmin,
} from '../../test/test-app';

let t: TestAppWithAdmin;
beforeAll(async () => {
  t = await createTestApp({ withAdmin: true });
});
afterAll(() => t.close());

const YEAR_AHEAD = () => new Date(Date.now() + 365 * 86_400_000);

function bulk(cookie: string | undefined, path: 'preview' | 'confirm', payload: object, headers = {}) {
  return call(t.app, {
    method: 'POST',
    url: path === 'preview' ? '/api/v1/activations/bulk/preview' : '/api/v1/activations/bulk',
    cookie,
    headers,
    payload,
  });
}

async function signedInReseller(credits: number) {
  const user = await insertReseller(t.database, { credits });
  return { user, cookie: await signIn(t.app, user.email) };
}

const balanceOf = (userId: number) => creditsOf(t.database, userId);

async function ledgerOf(userId: number) {
  return t.database.db
    .selectFrom('credit_transactions as c')
    .innerJoin('devices as d', 'd.id', 'c.device_id')
    .select(['c.amount', 'c.plan', 'd.mac'])
    .where('c.sender_id', '=', userId)
    .where('c.type', '=', 'activation')
    .execute();
}

/** A deterministic shuffle, so the mix of rows is the same on every run. */
function shuffled<Item>(items: Item[]): Item[] {
  const copy = [...items];
  let seed = 42;
  for (let i = copy.length - 1; i > 0; i -= 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [copy[i], copy[j]] = [copy[j] as Item, copy[i] as Item];
  }
  return copy;
}

/** The spellings a reseller's list may use: colons, dashes, none, any case. */
const spell = (mac: string, index: number) =>
  [mac, mac.replace(/:/g, '-').toLowerCase(), mac.replace(/:/g, '')][index % 3] as string;

describe('guards and input', () => {
  it('answers 401 without a session, for the preview and the activation', async () => {
    const rows = [{ mac: uniqueMac(), plan: 'year' }];
    expect((await bulk(undefined, 'preview', { rows })).statusCode).toBe(401);
    expect((await bulk(undefined, 'confirm', { rows })).statusCode).toBe(401);
  });

  it('answers 403 to a cross-site request carrying the session (every panel role may use it)', async () => {
    const { cookie } = await signedInReseller(5);
    const response = await bulk(
      cookie,
      'confirm',
      { rows: [{ mac: uniqueMac(), plan: 'year' }] },
      {
        'sec-fetch-site': 'cross-site',
      },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'cross_site_request' });
  });

  it('answers 400 naming the field for a malformed batch, and charges nothing', async () => {
    const { user, cookie } = await signedInReseller(5);
    const mac = uniqueMac();
    const cases: [object, string][] = [
      [{ rows: [] }, 'rows'],
      [{ rows: Array.from({ length: 1001 }, () => ({ mac })), plan: 'year' }, 'rows'],
      [{ rows: [{ mac }], plan: 'gold' }, 'plan'],
      [{ rows: [{ plan: 'year' }] }, 'rows.0.mac'],
      [{ rows: [{ mac, plan: 'year', owner: 1 }] }, 'rows.0'],
      [{ rows: [{ mac, plan: 'year' }], extra: true }, 'extra'],
      [{}, 'rows'],
    ];
    for (const [payload, field] of cases) {
      for (const path of ['preview', 'confirm'] as const) {
        const response = await bulk(cookie, path, payload);
        expect({ path, field, status: response.statusCode, got: response.json().field }).toEqual({
          path,
          field,
          status: 400,
          got: field,
        });
      }
    }
    expect(await balanceOf(user.id)).toBe(5);
  });
});

describe('preview', () => {
  it('judges every row and counts the credits needed against the balance, changing nothing', async () => {
    const { user, cookie } = await signedInReseller(2);
    const other = await insertReseller(t.database);
    const [fresh, fresh2] = await insertDevices(t.database, 2);
    const [theirs] = await insertDevices(t.database, 1, {
      ownerId: other.id,
      paymentType: 'year',
      isPaid: true,
    });
    const [lifetime] = await insertDevices(t.database, 1, {
      ownerId: user.id,
      paymentType: 'lifetime',
      expiresAt: null,
    });
    const [banned] = await insertDevices(t.database, 1, { isBanned: true });
    const [viewers] = await insertDevices(t.database, 1, {
      paymentType: 'year',
      isPaid: true,
      expiresAt: YEAR_AHEAD(),
    });
    // A banned viewer's device: the key is asked for first, as activation itself does.
    const [bannedViewers] = await insertDevices(t.database, 1, {
      paymentType: 'year',
      isPaid: true,
      expiresAt: YEAR_AHEAD(),
      isBanned: true,
    });
    const rows: BulkRowInput[] = [
      { mac: (fresh as string).replace(/:/g, '').toLowerCase() },
      { mac: fresh2 as string, plan: 'lifetime', client_name: 'Ada', client_phone: '+33 6' },
      { mac: 'not-a-mac' },
      { mac: uniqueMac() },
      { mac: theirs as string },
      { mac: lifetime as string },
      { mac: banned as string },
      { mac: viewers as string },
      { mac: bannedViewers as string },
      { mac: (fresh as string).replace(/:/g, '-') },
      { mac: uniqueMac(), plan: 'gold' },
      { mac: uniqueMac(), client_name: 'x'.repeat(101) },
    ];
    const response = await bulk(cookie, 'preview', { plan: 'year', rows });
    expect(response.statusCode).toBe(200);
    const { rows: results, summary } = response.json().data;
    expect(results.map((row: BulkRowResult) => [row.status, row.code ?? null, row.credits])).toEqual([
      ['ready', null, 1],
      ['ready', null, 2],
      ['failed', 'invalid_mac', 0],
      ['failed', 'not_found', 0],
      ['failed', 'not_yours', 0],
      ['failed', 'already_lifetime', 0],
      ['failed', 'device_banned', 0],
      ['failed', 'device_key_required', 0],
      ['failed', 'device_key_required', 0],
      ['failed', 'duplicate_mac', 0],
      ['failed', 'invalid_plan', 0],
      ['failed', 'invalid_input', 0],
    ]);
    expect(results[0]).toMatchObject({ row: 1, mac: fresh, plan: 'year' });
    expect(summary).toEqual({ rows: 12, succeeded: 2, failed: 10, credits: 3, balance: 2 });
    expect(await balanceOf(user.id)).toBe(2);
    expect(await ledgerOf(user.id)).toEqual([]);
  });

  it("shows an admin the rows at no cost and no balance; another reseller's device is activatable", async () => {
    const other = await insertReseller(t.database);
    const [theirs] = await insertDevices(t.database, 1, { ownerId: other.id });
    const response = await bulk(t.adminCookie, 'preview', {
      plan: 'lifetime',
      rows: [{ mac: theirs as string }],
    });
    expect(response.json().data).toMatchObject({
      rows: [{ status: 'ready', credits: 0 }],
      summary: { succeeded: 1, credits: 0, balance: null },
    });
  });
});

describe('activation', () => {
  it('activates 1,000 mixed rows: each row its own result, credits charged exactly for the activated ones', async () => {
    const { user, cookie } = await signedInReseller(700);
    const other = await insertReseller(t.database);
    const fresh = await insertDevices(t.database, 500);
    const own = await insertDevices(t.database, 100, { ownerId: user.id, paymentType: 'year', isPaid: true });
    const theirs = await insertDevices(t.database, 50, { ownerId: other.id });
    const lifetime = await insertDevices(t.database, 50, {
      ownerId: user.id,
      paymentType: 'lifetime',
      expiresAt: null,
    });
    const banned = await insertDevices(t.database, 50, { isBanned: true });
    const viewers = await insertDevices(t.database, 25, {
      paymentType: 'year',
      isPaid: true,
      expiresAt: YEAR_AHEAD(),
    });

    type Case = { input: BulkRowInput; expect: string };
    const cases: Case[] = [
      ...fresh.map((mac, i) => ({
        input: { mac: spell(mac, i), plan: i % 2 ? 'lifetime' : 'year', client_name: `Client ${i}` },
        expect: 'charge',
      })),
      ...own.map((mac) => ({ input: { mac, plan: 'year' }, expect: 'charge' })),
      ...Array.from({ length: 100 }, (_, i) => ({ input: { mac: `zz:${i}` }, expect: 'invalid_mac' })),
      ...Array.from({ length: 50 }, () => ({ input: { mac: uniqueMac() }, expect: 'not_found' })),
      ...theirs.map((mac) => ({ input: { mac }, expect: 'not_yours' })),
      ...lifetime.map((mac) => ({ input: { mac }, expect: 'already_lifetime' })),
      ...banned.map((mac) => ({ input: { mac }, expect: 'device_banned' })),
      ...viewers.map((mac) => ({ input: { mac }, expect: 'device_key_required' })),
      ...Array.from({ length: 25 }, () => ({
        input: { mac: uniqueMac(), plan: 'monthly' },
        expect: 'invalid_plan',
      })),
    ];
    const mixed = shuffled(cases);
    // Duplicates come after their first row, so they are always the repeats.
    const rows: Case[] = [
      ...mixed,
      ...own.slice(0, 50).map((mac) => ({ input: { mac }, expect: 'duplicate_mac' })),
    ];
    expect(rows).toHaveLength(1000);

    // What the server must do, simulated: rows in order, each charged only while the balance covers it.
    let balance = 700;
    const expected = rows.map(({ input, expect: kind }) => {
      if (kind !== 'charge') return { status: 'failed', code: kind, credits: 0 };
      const cost = PLAN_CREDIT_COST[(input.plan ?? 'year') as PaidPlan];
      if (cost > balance) return { status: 'failed', code: 'insufficient_credits', credits: 0 };
      balance -= cost;
      return { status: 'activated', code: undefined, credits: cost };
    });

    const response = await bulk(cookie, 'confirm', { plan: 'year', rows: rows.map((row) => row.input) });
    expect(response.statusCode).toBe(200);
    const { rows: results, summary } = response.json().data as {
      rows: BulkRowResult[];
      summary: Record<string, number>;
    };
    expect(results.map(({ status, code, credits }) => ({ status, code, credits }))).toEqual(expected);
    const activated = results.filter((row) => row.status === 'activated');
    const charged = activated.reduce((sum, row) => sum + row.credits, 0);
    expect(summary).toEqual({
      rows: 1000,
      succeeded: activated.length,
      failed: 1000 - activated.length,
      credits: charged,
      balance,
    });
    expect(charged).toBe(700 - balance);
    expect(await balanceOf(user.id)).toBe(balance);

    // The ledger: one activation row per activated device, for its plan's cost; none for a failed row.
    const ledger = await ledgerOf(user.id);
    expect(ledger.map((entry) => entry.mac).sort()).toEqual(activated.map((row) => row.mac).sort());
    expect(ledger.reduce((sum, entry) => sum + entry.amount, 0)).toBe(charged);
    const firstFresh = activated.find((row) => fresh.includes(row.mac)) as BulkRowResult;
    const device = await t.database.db
      .selectFrom('devices')
      .selectAll()
      .where('mac', '=', firstFresh.mac)
      .executeTakeFirstOrThrow();
    expect(device).toMatchObject({
      owner_id: user.id,
      payment_type: firstFresh.plan,
      is_paid: true,
      name: `Client ${fresh.indexOf(firstFresh.mac)}`,
    });
  }, 120_000);

  it('answers the first result again for the same Idempotency-Key, charging once', async () => {
    const { user, cookie } = await signedInReseller(5);
    const macs = await insertDevices(t.database, 2);
    const payload = { plan: 'year', rows: macs.map((mac) => ({ mac })) };
    const headers = { 'idempotency-key': `bulk-${uniqueMac()}` };
    const first = await bulk(cookie, 'confirm', payload, headers);
    const again = await bulk(cookie, 'confirm', payload, headers);
    expect(first.json().data.summary).toMatchObject({ succeeded: 2, credits: 2, balance: 3 });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(user.id)).toBe(3);
  });

  it('never overdraws: two batches in parallel on a balance that covers only some rows', async () => {
    const { user, cookie } = await signedInReseller(30);
    const [a, b] = [await insertDevices(t.database, 40), await insertDevices(t.database, 40)];
    const send = (macs: string[]) =>
      bulk(cookie, 'confirm', { plan: 'year', rows: macs.map((mac) => ({ mac })) });
    const answers = await Promise.all([send(a), send(b)]);
    const results = answers.flatMap((answer) => answer.json().data.rows as BulkRowResult[]);
    const activated = results.filter((row) => row.status === 'activated');
    expect(activated).toHaveLength(30);
    expect(results.filter((row) => row.code === 'insufficient_credits')).toHaveLength(50);
    expect(await balanceOf(user.id)).toBe(0);
    const ledger = await ledgerOf(user.id);
    expect(ledger).toHaveLength(30);
    expect(ledger.reduce((sum, entry) => sum + entry.amount, 0)).toBe(30);
  }, 60_000);

  it('lets an admin activate for free, leaving the owner as it is', async () => {
    const other = await insertReseller(t.database);
    const [theirs] = await insertDevices(t.database, 1, { ownerId: other.id });
    const response = await bulk(t.adminCookie, 'confirm', {
      rows: [{ mac: theirs as string, plan: 'lifetime' }],
    });
    expect(response.json().data).toMatchObject({
      rows: [{ status: 'activated', credits: 0 }],
      summary: { succeeded: 1, credits: 0, balance: null },
    });
    const device = await t.database.db
      .selectFrom('devices')
      .select(['owner_id', 'payment_type'])
      .where('mac', '=', theirs as string)
      .executeTakeFirstOrThrow();
    expect(device).toEqual({ owner_id: other.id, payment_type: 'lifetime' });
  });
});
