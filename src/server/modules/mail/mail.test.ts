import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { startTestSmtpServer } from '../../test/smtp';
import { createTestApp, insertUser, testDatabaseKind, type TestApp } from '../../test/test-app';

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    config: {
      publicUrl: 'https://tv.example.test',
      mail: { smtpUrl: smtp.url, from: 'StreamBox <no-reply@example.test>' },
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Signs in with the panel's language cookie, as the browser does after picking a language. */
const signInIn = (email: string, language: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: 'correct horse battery' },
    headers: { cookie: `i18next=${language}` },
  });

async function resetMailTo(email: string) {
  await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
  await t.app.deps.events.drain();
  return smtp.waitFor((m) => m.to.includes(email));
}

describe(`e-mail in the recipient's language (${testDatabaseKind})`, () => {
  it('writes English by default, with a plain-text part and left-to-right HTML', async () => {
    const user = await insertUser(t.database);
    const mail = await resetMailTo(user.email);
    expect(mail.subject).toBe('Reset your StreamBox Player password');
    expect(mail.headers.get('content-language')).toBe('en');
    expect(mail.text).toContain(`Hello ${user.name},`);
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
  });

  it('remembers the language of the last sign-in: French', async () => {
    const user = await insertUser(t.database);
    expect((await signInIn(user.email, 'fr')).statusCode).toBe(200);
    const mail = await resetMailTo(user.email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe StreamBox Player');
    expect(mail.text).toContain(`Bonjour ${user.name},`);
    expect(mail.html).toContain('<html lang="fr" dir="ltr">');
  });

  it('writes Arabic right to left', async () => {
    const user = await insertUser(t.database);
    expect((await signInIn(user.email, 'ar')).statusCode).toBe(200);
    const mail = await resetMailTo(user.email);
    expect(mail.subject).toBe('إعادة تعيين كلمة مرور StreamBox Player');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('text-align:right');
    expect(mail.text).toContain('اختر كلمة مرور جديدة: https://tv.example.test/reset-password?token=');
  });

  it('keeps an unknown language cookie from changing the account', async () => {
    const user = await insertUser(t.database);
    expect((await signInIn(user.email, 'xx')).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('users')
      .select('language')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('en');
  });
});

describe(`without SMTP_URL (${testDatabaseKind})`, () => {
  it('writes each message as an .eml file under DATA_DIR/outbox and logs its subject, never the token', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'streambox-mail-'));
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const dev = await createTestApp({ config: { dataDir, publicUrl: 'https://tv.example.test' }, logStream });
    try {
      const user = await insertUser(dev.database);
      await dev.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: user.email },
      });
      await dev.app.deps.events.drain();
      const files = await readdir(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = await readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8');
      expect(eml).toContain(`To: ${user.email}`);
      const token = /token=([A-Za-z0-9_-]{43})/.exec(eml.replace(/=\n/g, ''))?.[1];
      expect(token).toBeDefined();
      const log = lines.join('');
      expect(log).toContain('Reset your StreamBox Player password');
      expect(log).not.toContain(token!);
    } finally {
      await dev.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'production', PUBLIC_URL: 'https://tv.example.test' };

  it('refuses to start in production with password reset on and no SMTP_URL', () => {
    expect(() => loadConfig({ ...base, PASSWORD_RESET: 'on' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PASSWORD_RESET: 'on' })).toThrow(/SMTP_URL: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:587' })).toThrow(/PUBLIC_URL/);
  });

  it('turns password reset on wherever mail can go, off in production without SMTP', () => {
    expect(loadConfig({ ...base }).passwordReset).toBe(false);
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://u:p@mail.example.test:465' }).passwordReset).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).passwordReset).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).mail.smtpUrl).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development', PASSWORD_RESET: 'off' }).passwordReset).toBe(false);
  });

  it('names a malformed SMTP_URL', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL: must start with smtp/);
  });

  it('takes MAIL_FROM as the sender', () => {
    expect(loadConfig({ MAIL_FROM: 'TV <tv@example.test>' }).mail.from).toBe('TV <tv@example.test>');
  });
});
