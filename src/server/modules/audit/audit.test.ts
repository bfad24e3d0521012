import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryView } from '../../../shared/api/audit';
import {
  call,
  createTestApp,
  deviceIdOf,
  insertUser,
  registerDevice,
  resellerWithKey,
  sessionCookieFrom,
  signIn,
  signInDevice,
  TEST_PASSWORD,
  testDatabaseKind,
  type TestAppWithAdmin,
  uniqueMac,
} from '../../test/test-app';
import { requestsInContext } from './request-context';

let t: TestAppWithAdmin;
beforeAll(async () => {
  t = await createTestApp({ withAdmin: true });
});
afterAll(() => t.close());

const readLog = (cookie: string | undefined, query = '') =>
  call(t.app, { method: 'GET', url: `/api/v1/audit${query}`, cookie });
const entries = async (cookie: string, query = ''): Promise<AuditEntryView[]> => {
  const response = await readLog(cookie, query);
  expect(response.statusCode).toBe(200);
  return response.json().data as AuditEntryView[];
};

const deviceIdOfMac = (mac: string) => deviceIdOf(t.database, mac);

async function account(role: 'reseller' | 'sub_reseller', parentId: number | null = null) {
  const user = await insertUser(t.database, { role, credits: 10, parentId });
  return { user, cookie: await signIn(t.app, user.email) };
}

async function activateFrom(who: { user: { id: number }; cookie: string }, ip = '203.0.113.7') {
  const { mac } = await registerDevice(t.app);
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/device/updatepayment',
    cookie: who.cookie,
    payload: { user_id: who.user.id, plan: 'year', mac: await deviceIdOfMac(mac), name: 'Ana', phone: '555' },
    remoteAddress: ip,
  });
  expect(response.statusCode).toBe(200);
  return mac;
}

describe('the audit log', () => {
  it("records a panel activation in its transaction: who, role, address, action, target, the device's id", async () => {
    const reseller = await account('reseller');
    const mac = await activateFrom(reseller);
    const [entry] = await entries(reseller.cookie, `?target=${encodeURIComponent(mac)}`);
    expect(entry).toMatchObject({
      actor: {
        id: reseller.user.id,
        label: reseller.user.name,
        role: 'reseller',
        api_key: null,
        ip: '203.0.113.7',
      },
      action: 'device.activated',
      target: `device:${await deviceIdOfMac(mac)}`,
      target_label: mac,
      details: { plan: 'year', mac },
    });
    expect(Date.now() - Date.parse(entry!.at)).toBeLessThan(60_000);
  });

  it('names each of several concurrent actions by its own actor, and leaves no request in its context after', async () => {
    const [first, second] = await Promise.all([account('reseller'), account('reseller')]);
    const refused = (payload: object, cookie?: string) =>
      call(t.app, { method: 'POST', url: '/api/v1/device/updatepayment', cookie, payload });
    const [firstMac, secondMac, badInput, noSession, unknownDevice] = await Promise.all([
      activateFrom(first, '203.0.113.21'),
      activateFrom(second, '203.0.113.22'),
      refused({ plan: 'decade' }, first.cookie),
      refused({ user_id: first.user.id, plan: 'year', mac: 1, name: 'Ana', phone: '555' }),
      refused(
        { user_id: first.user.id, plan: 'year', mac: 2 ** 31 - 1, name: 'Ana', phone: '555' },
        first.cookie,
      ),
    ]);
    expect([badInput.statusCode, noSession.statusCode, unknownDevice.statusCode]).toEqual([400, 401, 404]);
    for (const [who, mac, ip] of [
      [first, firstMac, '203.0.113.21'],
      [second, secondMac, '203.0.113.22'],
    ] as const) {
      const [entry] = await entries(who.cookie, `?target=${encodeURIComponent(mac)}`);
      expect(entry?.actor).toMatchObject({ id: who.user.id, ip });
    }
    // Every reply sent, refusals included: the context is switched off until the next such request
    // (decision 0034), so the TV app's polls pay nothing for it.
    expect(requestsInContext()).toBe(0);
  });

  it('names the API key an action came through (never its secret)', async () => {
    const { user, secret } = await resellerWithKey(t, { credits: 5 });
    const { mac } = await registerDevice(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/reseller/v1/devices/${encodeURIComponent(mac)}/activation`,
      headers: { authorization: `Bearer ${secret}` },
      payload: { plan: 'year' },
    });
    expect(response.statusCode).toBe(200);
    const [entry] = await entries(await signIn(t.app, user.email), `?target=${encodeURIComponent(mac)}`);
    expect(entry?.actor).toMatchObject({ id: user.id, role: 'reseller', api_key: 'script' });
    // The key's creation is in the log by name and prefix, its secret nowhere.
    const all = await entries(t.adminCookie, `?actor=${encodeURIComponent(user.name)}&limit=200`);
    expect(all.find((e) => e.action === 'api_key.created')?.details).toMatchObject({
      target_name: 'script',
      prefix: expect.stringMatching(new RegExp(`^${secret.slice(0, 6)}`)),
    });
    expect(JSON.stringify(all)).not.toContain(secret);
  });

  it('shows a reseller what it and its sub-resellers did, nothing of others; an admin sees all', async () => {
    const parent = await account('reseller');
    const child = await account('sub_reseller', parent.user.id);
    const grandchild = await account('sub_reseller', child.user.id);
    const stranger = await account('reseller');
    const byChild = await activateFrom(child);
    const byGrandchild = await activateFrom(grandchild);
    const byStranger = await activateFrom(stranger);

    const seenByParent = (await entries(parent.cookie, '?action=device.activated')).map(
      (e) => e.target_label,
    );
    expect(seenByParent).toEqual(expect.arrayContaining([byChild, byGrandchild]));
    expect(seenByParent).not.toContain(byStranger);
    const seenByChild = (await entries(child.cookie)).map((e) => e.target_label);
    expect(seenByChild).toEqual(expect.arrayContaining([byChild, byGrandchild]));
    expect(seenByChild).not.toContain(byStranger);
    const seenByAdmin = (await entries(t.adminCookie, '?action=device&limit=200')).map((e) => e.target_label);
    expect(seenByAdmin).toEqual(expect.arrayContaining([byChild, byGrandchild, byStranger]));
  });

  /** A visitor's action: the contact form, sent from `address`. */
  async function sendContactMessage(subject: string, address: string): Promise<void> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { name: 'Vic', email: 'vic@example.test', subject, message: 'Hello there, a question.' },
      remoteAddress: address,
    });
    expect(response.statusCode).toBe(201);
  }

  it("records a visitor's action as a visitor's, for admins only", async () => {
    const subject = `Audit ${Date.now()}`;
    await sendContactMessage(subject, '198.51.100.9');
    const [entry] = await entries(t.adminCookie, '?action=contact.received');
    expect(entry).toMatchObject({
      actor: { id: null, role: 'visitor', ip: '198.51.100.9' },
      details: { subject },
    });
    const reseller = await account('reseller');
    expect(await entries(reseller.cookie, '?action=contact.received')).toEqual([]);
  });

  it("filters by the actor's kind, the only way to find the entries that carry no name", async () => {
    const subject = `Role ${Date.now()}`;
    await sendContactMessage(subject, '198.51.100.10');
    const reseller = await account('reseller');
    const mac = await activateFrom(reseller);

    const visitors = await entries(t.adminCookie, '?role=visitor&limit=200');
    expect(visitors.every((e) => e.actor.role === 'visitor')).toBe(true);
    expect(visitors.map((e) => e.details.subject)).toContain(subject);
    expect(
      (await entries(t.adminCookie, '?role=visitor&action=device.activated')).map((e) => e.target_label),
    ).not.toContain(mac);
    const resellers = await entries(t.adminCookie, '?role=reseller&action=device&limit=200');
    expect(resellers.map((e) => e.target_label)).toContain(mac);
    expect(resellers.every((e) => e.actor.role === 'reseller')).toBe(true);
    // Within the reader's scope: a reseller sees no visitor, whatever it asks.
    expect(await entries(reseller.cookie, '?role=visitor')).toEqual([]);
    expect((await entries(reseller.cookie, '?role=reseller')).map((e) => e.target_label)).toContain(mac);
  });

  it('filters by actor, action family, target and day, and pages by cursor', async () => {
    const reseller = await account('reseller');
    const macs = [await activateFrom(reseller), await activateFrom(reseller), await activateFrom(reseller)];
    const byName = await entries(
      t.adminCookie,
      `?action=device&actor=${encodeURIComponent(reseller.user.name.toUpperCase())}`,
    );
    expect(byName.map((e) => e.target_label).sort()).toEqual([...macs].sort());

    const first = await readLog(reseller.cookie, '?action=device&limit=2');
    const second = await readLog(
      reseller.cookie,
      `?action=device&limit=2&cursor=${first.json().next_cursor}`,
    );
    expect(first.json().data.map((e: AuditEntryView) => e.target_label)).toEqual([macs[2], macs[1]]);
    expect(second.json()).toMatchObject({ next_cursor: null });
    expect(second.json().data.map((e: AuditEntryView) => e.target_label)).toEqual([macs[0]]);

    const today = new Date().toISOString().slice(0, 10);
    expect(await entries(reseller.cookie, `?action=device&from=${today}&to=${today}`)).toHaveLength(3);
    expect(await entries(reseller.cookie, '?to=2020-01-01')).toEqual([]);
    expect(await entries(reseller.cookie, '?action=credits')).toEqual([]);
  });

  it("gives a device's history to whoever manages it, and 404 to another reseller", async () => {
    const owner = await account('reseller');
    const mac = await activateFrom(owner);
    const id = await deviceIdOfMac(mac);
    const history = await entries(owner.cookie, `?device_id=${id}`);
    expect(history.map((e) => e.action)).toEqual(['device.activated', 'device.registered']);
    expect((await entries(t.adminCookie, `?device_id=${id}`)).map((e) => e.action)).toEqual([
      'device.activated',
      'device.registered',
    ]);
    const other = await account('reseller');
    expect((await readLog(other.cookie, `?device_id=${id}`)).statusCode).toBe(404);
    expect((await readLog(other.cookie, '?device_id=999999')).statusCode).toBe(404);
  });

  it('exports the filtered log as CSV, every page, with formula-looking cells neutralised', async () => {
    const reseller = await account('reseller');
    await t.database.db
      .updateTable('users')
      .set({ name: '=HYPERLINK("x")' })
      .where('id', '=', reseller.user.id)
      .execute();
    const cookie = await signIn(t.app, reseller.user.email);
    const mac = await activateFrom({ user: reseller.user, cookie });
    const response = await call(t.app, { method: 'GET', url: '/api/v1/audit.csv?action=device', cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('at,actor,role,api_key,ip,action,target,target_label,changes,details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(mac);
    expect(lines[1]).toContain(`'=HYPERLINK`);
  });

  it("records a viewer's playlist edits as the device's, with what changed and never the account's password", async () => {
    const { mac, key } = await registerDevice(t.app);
    const cookie = await signInDevice(t.app, mac, key);
    const playlist = {
      name: 'Sports',
      isAccount: true,
      host: 'http://provider.example:8080',
      username: 'viewer',
      password: 's3cret-pw',
      hasPin: false,
      pin: null,
    };
    const added = await call(t.app, {
      method: 'POST',
      url: `/api/v1/playlist/${mac}`,
      payload: playlist,
      cookie,
    });
    expect(added.statusCode).toBe(201);
    const id = added.json().data.id as number;
    const edited = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/playlist/${mac}/${id}`,
      payload: { ...playlist, name: 'Sports HD', host: 'http://backup.example:8080' },
      cookie,
    });
    expect(edited.statusCode).toBe(200);
    const history = await entries(t.adminCookie, `?device_id=${await deviceIdOfMac(mac)}`);
    expect(history.map((e) => e.action)).toEqual([
      'playlist.updated',
      'playlist.added',
      'viewer.signed_in',
      'device.registered',
    ]);
    expect(history[0]).toMatchObject({
      actor: { id: null, label: mac, role: 'viewer' },
      target: `playlist:${id}`,
      target_label: 'Sports HD',
      changes: { name: ['Sports', 'Sports HD'], host: ['provider.example:8080', 'backup.example:8080'] },
    });
    expect(JSON.stringify(history)).not.toContain('s3cret-pw');
  });

  it("records an account's sign-in (with its address) and sign-out as its own actions", async () => {
    const user = await insertUser(t.database, { role: 'reseller' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '192.0.2.44',
    });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookieFrom(login);
    expect((await call(t.app, { method: 'POST', url: '/api/v1/auth/logout', cookie })).statusCode).toBe(200);
    const mine = await entries(t.adminCookie, `?action=auth&target=user:${user.id}`);
    expect(mine.map((e) => [e.action, e.actor.label, e.actor.ip])).toEqual([
      ['auth.signed_out', user.name, '127.0.0.1'],
      ['auth.signed_in', user.name, '192.0.2.44'],
    ]);
    expect(mine[1]?.details).toEqual({ user_id: user.id, method: 'password' });
  });

  it("records a TV's registration as a visitor's (a MAC is claimed, not proven), never its key", async () => {
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/device/register',
        payload: { mac: uniqueMac(), app_name: 'Living room' },
        remoteAddress: '198.51.100.21',
      });
    const response = await register();
    expect(response.statusCode).toBe(201);
    const { mac, cle_mac: key } = response.json() as { mac: string; cle_mac: string };
    const id = await deviceIdOfMac(mac);
    const log = await entries(t.adminCookie, `?action=device.registered&target=device:${id}`);
    expect(log).toMatchObject([
      {
        actor: { id: null, label: null, role: 'visitor', api_key: null, ip: '198.51.100.21' },
        action: 'device.registered',
        target: `device:${id}`,
        target_label: mac,
        details: { device_id: id, mac, app_name: 'Living room' },
      },
    ]);
    expect(JSON.stringify(log)).not.toContain(key);
  });

  it("records the device page's sign-in and sign-out as the device's own, from their addresses; a refused sign-in writes nothing", async () => {
    const { mac, key } = await registerDevice(t.app);
    const id = await deviceIdOfMac(mac);
    const login = (cleMac: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/device/login',
        payload: { mac, cle_mac: cleMac },
        remoteAddress: ip,
      });
    expect((await login('WRONGKEY22', '192.0.2.60')).statusCode).toBe(401);
    const signedIn = await login(key, '192.0.2.61');
    expect(signedIn.statusCode).toBe(200);
    const cookie = `dsid=${signedIn.cookies.find((c) => c.name === 'dsid')!.value}`;
    const signOut = () =>
      call(t.app, { method: 'DELETE', url: '/api/v1/device/session', cookie, remoteAddress: '192.0.2.62' });
    expect((await signOut()).statusCode).toBe(200);
    // Signed out already: nothing to end, nothing recorded.
    expect((await signOut()).statusCode).toBe(200);

    const log = await entries(t.adminCookie, `?action=viewer&target=device:${id}`);
    expect(log.map((e) => [e.action, e.actor.ip])).toEqual([
      ['viewer.signed_out', '192.0.2.62'],
      ['viewer.signed_in', '192.0.2.61'],
    ]);
    for (const entry of log) {
      expect(entry).toMatchObject({
        actor: { id: null, label: mac, role: 'viewer', api_key: null },
        target: `device:${id}`,
        target_label: mac,
      });
    }
    expect(log[0]?.details).toEqual({ device_id: id, mac });
    expect(log[1]?.details).toEqual({ device_id: id, mac, method: 'device_key' });
    expect(JSON.stringify(log)).not.toContain(key);
  });

  it('answers 401 without a session and 400 for bad filters, never 500', async () => {
    expect((await readLog(undefined)).statusCode).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/audit.csv' })).statusCode).toBe(401);
    for (const query of [
      '?action=DROP%20TABLE',
      '?from=yesterday',
      '?to=2026-13-40',
      '?limit=0',
      '?limit=1000',
      '?cursor=-1',
      '?device_id=abc',
      '?unknown=1',
      `?actor=${'x'.repeat(101)}`,
      '?role=robot',
      '?role=ADMIN',
    ]) {
      const response = await readLog(t.adminCookie, query);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('is append-only: the database refuses UPDATE and DELETE (and TRUNCATE on PostgreSQL)', async () => {
    const reseller = await account('reseller');
    await activateFrom(reseller);
    const { db } = t.database;
    await expect(
      db.updateTable('audit_entries').set({ action: 'nothing.happened' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_entries').execute()).rejects.toThrow(/append-only/);
    if (testDatabaseKind === 'postgres')
      await expect(sql`TRUNCATE audit_entries`.execute(db)).rejects.toThrow(/append-only/);
    expect((await entries(t.adminCookie, '?action=device.activated&limit=1')).length).toBe(1);
  });

  it('writes nothing when the change rolls back', async () => {
    const before = await t.database.db
      .selectFrom('audit_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await t.app.deps.events.record(trx, {
          type: 'device_message.withdrawn',
          actorId: t.admin.id,
          subject: 'device_message:1',
          payload: { message_id: 1 },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const after = await t.database.db
      .selectFrom('audit_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
