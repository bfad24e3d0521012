import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { call, createTestApp, insertUser, signIn, type TestApp, insertReseller } from '../../test/test-app';

let t: TestApp;
let admins: UserRow[];
let adminCookie: string;
let resellerCookie: string;
let ipCounter = 0;
/** Each test posts from its own address so the per-IP limit never decides another test's outcome. */
const freshIp = () => `10.20.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  admins = [await insertUser(t.database, { role: 'admin' }), await insertUser(t.database, { role: 'admin' })];
  adminCookie = await signIn(t.app, admins[0]!.email);
  resellerCookie = await signIn(t.app, (await insertReseller(t.database)).email);
});
afterAll(() => t.close());

const message = {
  name: 'Jane Viewer',
  email: 'Jane@Example.test',
  subject: 'Cannot see my playlist',
  message: 'Hello, my playlist does not load on the TV.',
};

const submit = (payload: unknown, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: payload as object, remoteAddress: ip });
const list = (cookie: string | undefined, query = '') =>
  call(t.app, { method: 'GET', url: `/api/v1/contact${query}`, cookie });
const markRead = (cookie: string | undefined, id: number | string) =>
  call(t.app, { method: 'PUT', url: `/api/v1/contact/${id}/read`, cookie });

describe('POST /contact (public)', () => {
  it('stores the message and notifies every admin', async () => {
    const response = await submit({ ...message, subject: 'Stored and notified' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    const row = await t.database.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Jane Viewer', email: 'jane@example.test', is_read: false });
    await t.app.deps.events.drain();
    const notes = await t.database.db
      .selectFrom('notifications')
      .select(['user_id', 'message'])
      .where('kind', '=', 'contact_message')
      .where('message', 'like', '%Stored and notified%')
      .execute();
    expect(notes.map((n) => n.user_id).sort()).toEqual(admins.map((a) => a.id).sort());
    expect(notes[0]!.message).toContain('Jane Viewer');
  });

  it('takes 5 messages per address per hour: the 6th gets 429 with Retry-After and is not stored', async () => {
    const ip = freshIp();
    for (let i = 1; i <= 5; i += 1) {
      expect((await submit({ ...message, subject: `limit ${i}` }, ip)).statusCode).toBe(201);
    }
    const sixth = await submit({ ...message, subject: 'limit 6' }, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ success: false, code: 'too_many_attempts' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3_000);
    const stored = await t.database.db
      .selectFrom('contact_messages')
      .select('id')
      .where('subject', '=', 'limit 6')
      .execute();
    expect(stored).toEqual([]);
    // Another address is not affected.
    expect((await submit(message, freshIp())).statusCode).toBe(201);
  });

  it('takes PUBLIC_FORMS_PER_HOUR submissions per address when it is set, for each form apart', async () => {
    const strict = await createTestApp({ limits: { publicFormsPerIp: 2 } });
    try {
      const ip = '10.21.0.1';
      const post = (url: string, payload: object) =>
        strict.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
      expect((await post('/api/v1/contact', message)).statusCode).toBe(201);
      expect((await post('/api/v1/contact', message)).statusCode).toBe(201);
      expect((await post('/api/v1/contact', message)).statusCode).toBe(429);
      // The registration form counts on its own: its first submission gets past the limit (404: no
      // device has that MAC).
      const registration = await post('/api/v1/client/create-and-bind', {
        name: 'Jane Viewer',
        email: 'jane@example.test',
        phone: '+1 555 0100',
        mac: '02:00:00:00:21:01',
        plan: '1year',
      });
      expect(registration.statusCode).toBe(404);
    } finally {
      await strict.close();
    }
  });

  it.each([
    ['missing name', { ...message, name: undefined }, 'name'],
    ['blank name', { ...message, name: '   ' }, 'name'],
    ['name over 100', { ...message, name: 'n'.repeat(101) }, 'name'],
    ['name as a number', { ...message, name: 7 }, 'name'],
    ['missing e-mail', { ...message, email: undefined }, 'email'],
    ['bad e-mail', { ...message, email: 'not-an-email' }, 'email'],
    ['e-mail over 254', { ...message, email: `${'a'.repeat(250)}@example.test` }, 'email'],
    ['missing subject', { ...message, subject: undefined }, 'subject'],
    ['subject over 200', { ...message, subject: 's'.repeat(201) }, 'subject'],
    ['missing message', { ...message, message: undefined }, 'message'],
    ['message over 5000', { ...message, message: 'm'.repeat(5001) }, 'message'],
    ['message as a list', { ...message, message: ['hi'] }, 'message'],
    ['an unknown field', { ...message, is_read: true }, 'is_read'],
  ])('refuses bad input (%s) with 400 naming the field', async (_label, payload, field) => {
    const response = await submit(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'invalid_input', field });
  });

  it('uses the form messages for empty fields', async () => {
    const response = await submit({ ...message, name: '' });
    expect(response.json().message).toContain('nameRequired');
  });
});

describe('GET /contact (admin)', () => {
  it('needs a session and the admin role', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    const reseller = await list(resellerCookie);
    expect(reseller.statusCode).toBe(403);
    expect(reseller.json().code).toBe('forbidden');
  });

  it('pages newest first with total, page, totalPages and limit', async () => {
    const own = await createTestApp();
    try {
      const cookie = await signIn(own.app, (await insertUser(own.database, { role: 'admin' })).email);
      for (let i = 1; i <= 5; i += 1) {
        const response = await own.app.inject({
          method: 'POST',
          url: '/api/v1/contact',
          payload: { ...message, subject: `page ${i}` },
          remoteAddress: `10.21.0.${i}`,
        });
        expect(response.statusCode).toBe(201);
      }
      const get = (query: string) => call(own.app, { method: 'GET', url: `/api/v1/contact${query}`, cookie });

      const first = (await get('?page=1&limit=2')).json();
      expect(first.success).toBe(true);
      expect(first.meta).toEqual({ total: 5, page: 1, totalPages: 3, limit: 2 });
      expect(first.data.map((m: { subject: string }) => m.subject)).toEqual(['page 5', 'page 4']);
      expect(first.data[0]).toMatchObject({ name: 'Jane Viewer', email: 'jane@example.test', read: false });

      const last = (await get('?page=3&limit=2')).json();
      expect(last.data.map((m: { subject: string }) => m.subject)).toEqual(['page 1']);
      const beyond = (await get('?page=9&limit=2')).json();
      expect(beyond.data).toEqual([]);
      expect(beyond.meta).toEqual({ total: 5, page: 9, totalPages: 3, limit: 2 });

      const defaults = (await get('')).json();
      expect(defaults.meta).toEqual({ total: 5, page: 1, totalPages: 1, limit: 10 });
    } finally {
      await own.close();
    }
  });

  it.each([
    ['page 0', '?page=0', 'page'],
    ['page not a number', '?page=two', 'page'],
    ['limit 0', '?limit=0', 'limit'],
    ['limit over 100', '?limit=101', 'limit'],
    ['an unknown parameter', '?sort=asc', 'sort'],
  ])('refuses a bad query (%s) with 400 naming it', async (_label, query, field) => {
    const response = await list(adminCookie, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_input', field });
  });
});

describe('PUT /contact/{id}/read (admin)', () => {
  it('needs a session and the admin role', async () => {
    const id = (await submit(message)).json().data.id;
    expect((await markRead(undefined, id)).statusCode).toBe(401);
    expect((await markRead(resellerCookie, id)).statusCode).toBe(403);
  });

  it('marks the message read', async () => {
    const id = (await submit(message)).json().data.id;
    const response = await markRead(adminCookie, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { id, read: true } });
    const row = await t.database.db
      .selectFrom('contact_messages')
      .select('is_read')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.is_read).toBe(true);
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    const unknown = await markRead(adminCookie, 987_654);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
    const bad = await markRead(adminCookie, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });
});
