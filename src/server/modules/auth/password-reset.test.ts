import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { startTestSmtpServer, type ReceivedMail } from '../../test/smtp';
import {
  call,
  createTestApp,
  insertUser,
  signIn,
  TEST_PASSWORD,
  testDatabaseKind,
  type TestApp,
} from '../../test/test-app';

const PUBLIC_URL = 'https://tv.example.test';
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    config: { publicUrl: PUBLIC_URL, mail: { smtpUrl: smtp.url, from: 'StreamBox <no-reply@example.test>' } },
    limits: { passwordResetsPerEmail: 3, passwordResetsPerIp: 1_000 },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let ipCounter = 0;
/** Each test asks from its own address unless it tests the per-address limit. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const forgot = (email: unknown, ip = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/forgot-password',
    payload: { email },
    remoteAddress: ip,
  });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password } });

const tokenIn = (mail: ReceivedMail) => {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error('no reset link in the mail');
  return match[1]!;
};

/** Asks for a link for the user and answers the token read from the mail the SMTP server received. */
async function resetLinkFor(user: UserRow): Promise<{ token: string; mail: ReceivedMail }> {
  const before = smtp.messages.length;
  expect((await forgot(user.email)).statusCode).toBe(200);
  await t.app.deps.events.drain();
  const mail = await smtp.waitFor(
    (m) => smtp.messages.indexOf(m) >= before && m.to.includes(user.email) && m.text.includes('token='),
  );
  return { mail, token: tokenIn(mail) };
}

describe(`POST /auth/forgot-password (${testDatabaseKind})`, () => {
  it('answers the same whether or not the account exists, and mails only the account', async () => {
    const user = await insertUser(t.database);
    const unknown = `nobody-${Date.now()}@example.test`;
    const known = await forgot(user.email);
    const missing = await forgot(unknown);
    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toBe(known.body);
    expect(missing.headers['set-cookie']).toBeUndefined();
    expect(known.headers['set-cookie']).toBeUndefined();
    await t.app.deps.events.drain();
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(smtp.messages.some((m) => m.to.includes(unknown))).toBe(false);
    expect(mail.from).toBe('no-reply@example.test');
    expect(mail.subject).toBe('Reset your StreamBox Player password');
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/reset-password?token=`);
    expect(mail.text).toContain('30 minutes');
  });

  it('mints at least 128 bits, stores only their hash, and keeps the token out of the events', async () => {
    const user = await insertUser(t.database);
    const { token } = await resetLinkFor(user);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const rows = await t.database.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const minutes = (rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime()) / 60_000;
    expect(minutes).toBe(30);
    const events = await t.database.db
      .selectFrom('events')
      .select(['type', 'payload'])
      .where('subject', '=', `user:${user.id}`)
      .execute();
    expect(events).toEqual([
      { type: 'password_reset.requested', payload: JSON.stringify({ user_id: user.id }) },
    ]);
  });

  it('limits requests per e-mail, counting unknown addresses the same way', async () => {
    const user = await insertUser(t.database);
    const unknown = `ghost-${Date.now()}@example.test`;
    for (const email of [user.email, unknown]) {
      for (let i = 0; i < 3; i += 1) expect((await forgot(email)).statusCode).toBe(200);
      const refused = await forgot(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('too_many_attempts');
      expect(refused.headers['retry-after']).toBeDefined();
    }
  });

  it('refuses bad input with 400 naming the field', async () => {
    for (const payload of [{ email: 'not-an-address' }, {}, { email: 42 }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'invalid_input', field: 'email' });
    }
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: 'a@example.test', admin: true },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('mails nothing for a banned account (same answer)', async () => {
    const user = await insertUser(t.database);
    await t.database.db.updateTable('users').set({ is_banned: true }).where('id', '=', user.id).execute();
    expect((await forgot(user.email)).statusCode).toBe(200);
    await t.app.deps.events.drain();
    expect(smtp.messages.some((m) => m.to.includes(user.email))).toBe(false);
  });
});

describe(`per-address limit (${testDatabaseKind})`, () => {
  it('refuses an address past its allowance, whichever e-mails it tries', async () => {
    const limited = await createTestApp({ limits: { passwordResetsPerIp: 2 } });
    try {
      const ask = (email: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/forgot-password',
          payload: { email },
          remoteAddress: '10.1.1.1',
        });
      expect((await ask('one@example.test')).statusCode).toBe(200);
      expect((await ask('two@example.test')).statusCode).toBe(200);
      expect((await ask('three@example.test')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe(`POST /auth/reset-password (${testDatabaseKind})`, () => {
  it('sets the new password, ends every session, and e-mails a notice', async () => {
    const user = await insertUser(t.database);
    const first = await signIn(t.app, user.email);
    const second = await signIn(t.app, user.email);
    const { token } = await resetLinkFor(user);
    const response = await reset(token, 'a brand new password');
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
    for (const cookie of [first, second]) {
      expect((await call(t.app, { method: 'POST', url: '/api/v1/auth/check', cookie })).statusCode).toBe(401);
    }
    await expect(signIn(t.app, user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    await signIn(t.app, user.email, 'a brand new password');
    await t.app.deps.events.drain();
    const notice = await smtp.waitFor(
      (m) => m.to.includes(user.email) && m.subject === 'Your StreamBox Player password was changed',
    );
    expect(notice.text).toContain('Every session that was signed in has been ended.');
    expect(notice.text).not.toContain('token=');
  });

  it('works once: the second use of a link is refused', async () => {
    const user = await insertUser(t.database);
    const { token } = await resetLinkFor(user);
    expect((await reset(token, 'first new password')).statusCode).toBe(200);
    const again = await reset(token, 'second new password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'reset_link_invalid', field: 'token' });
    await signIn(t.app, user.email, 'first new password');
  });

  it('lets exactly one of two parallel resets with one link succeed', async () => {
    const user = await insertUser(t.database);
    const { token } = await resetLinkFor(user);
    const answers = await Promise.all([
      reset(token, 'parallel password A'),
      reset(token, 'parallel password B'),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? 'parallel password A' : 'parallel password B';
    await signIn(t.app, user.email, winner);
  });

  it('refuses an expired link', async () => {
    const user = await insertUser(t.database);
    const { token } = await resetLinkFor(user);
    await t.database.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('user_id', '=', user.id)
      .execute();
    const response = await reset(token, 'too late password');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('reset_link_invalid');
    await signIn(t.app, user.email, TEST_PASSWORD);
  });

  it('ends earlier links when the password is changed, and after a reset', async () => {
    const user = await insertUser(t.database);
    const older = (await resetLinkFor(user)).token;
    const newer = (await resetLinkFor(user)).token;
    expect((await reset(newer, 'the newest password')).statusCode).toBe(200);
    expect((await reset(older, 'an older link password')).statusCode).toBe(400);

    const other = await insertUser(t.database);
    const link = (await resetLinkFor(other)).token;
    const cookie = await signIn(t.app, other.email);
    const changed = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/auth/change-password/${other.id}`,
      cookie,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'changed in the panel' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(link, 'from the old link')).statusCode).toBe(400);
  });

  it('refuses bad input with 400 naming the field, never 500', async () => {
    const user = await insertUser(t.database);
    const { token } = await resetLinkFor(user);
    const cases: [Record<string, string>, string][] = [
      [{ token, password: 'short' }, 'password'],
      [{ token, password: 'x'.repeat(257) }, 'password'],
      [{ token: 'abc', password: 'long enough password' }, 'token'],
      [{ token: 'x'.repeat(43), password: 'long enough password' }, 'token'],
      [{ password: 'long enough password' }, 'token'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().field).toBe(field);
    }
    // The link survives the refused attempts.
    expect((await reset(token, 'long enough password')).statusCode).toBe(200);
  });
});

describe(`mail retries (${testDatabaseKind})`, () => {
  it('retries a refused send with a fresh token; only the delivered link works', async () => {
    const user = await insertUser(t.database);
    // Earlier tests' notices go out first, so the refusal below meets this request's mail.
    await t.app.deps.events.drain();
    smtp.failNext(1);
    expect((await forgot(user.email)).statusCode).toBe(200);
    await t.app.deps.events.drain();
    const failed = await t.database.db
      .selectFrom('event_deliveries')
      .innerJoin('events', 'events.id', 'event_deliveries.event_id')
      .select(['event_deliveries.attempts', 'event_deliveries.done_at'])
      .where('events.subject', '=', `user:${user.id}`)
      .where('event_deliveries.consumer', '=', 'mail')
      .executeTakeFirstOrThrow();
    expect(failed.attempts).toBe(1);
    expect(failed.done_at).toBeNull();
    // The refused attempt stored no token: a token is written only after its mail went out.
    const none = await t.database.db
      .selectFrom('password_reset_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(none).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await t.app.deps.events.drain();
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect((await reset(tokenIn(mail), 'after a retry password')).statusCode).toBe(200);
  });
});

describe(`a slow mail server (${testDatabaseKind})`, () => {
  it('holds up no write while a mail waits for its answer; the link works once it is answered', async () => {
    const user = await insertUser(t.database);
    await t.app.deps.events.drain();
    const held = smtp.holdNext();
    expect((await forgot(user.email)).statusCode).toBe(200);
    const draining = t.app.deps.events.drain();
    await held.arrived;
    // On SQLite a transaction open across the send held the one connection: this write waited for it.
    const write = insertUser(t.database).then(() => 'written' as const);
    const outcome = await Promise.race([
      write,
      new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 2_000)),
    ]);
    held.release();
    await write;
    await draining;
    expect(outcome).toBe('written');
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect((await reset(tokenIn(mail), 'after a slow server')).statusCode).toBe(200);
  });
});

describe('PASSWORD_RESET=off', () => {
  it('answers 404 for both calls', async () => {
    const off = await createTestApp({ config: { passwordReset: false } });
    try {
      const a = await off.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: 'a@example.test' },
      });
      const b = await off.app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { token: 'x'.repeat(43), password: 'long enough password' },
      });
      expect([a.statusCode, b.statusCode]).toEqual([404, 404]);
    } finally {
      await off.close();
    }
  });
});
