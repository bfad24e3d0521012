import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { generateTOTP } from '@epic-web/totp';
import { expect, test, type Page } from '@playwright/test';
import { E2E_SMTP_PORT } from '../playwright.config';
import { checkScreen, t, type Lng } from './helpers';

/**
 * REQUIRE_2FA=all needs a server of its own (the shared one would lock every other spec's admin
 * out): the same build, on the port two above the shared one, with a fresh SQLite database.
 */
const ADMIN = { email: 'strict-admin@e2e.test', password: 'strict e2e admin password' };
let server: ChildProcess;
let origin: string;
let dataDir: string;

test.beforeAll(async () => {
  // The shared server's port + 2 (its SMTP server's is + 1).
  const port = E2E_SMTP_PORT + 1;
  const dist = process.env.E2E_DIST ?? 'dist';
  origin = `http://127.0.0.1:${port}`;
  dataDir = `.e2e-data-${port}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  server = spawn(process.execPath, [`${dist}/server/main.js`], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: `${dist}/web`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      REQUIRE_2FA: 'all',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; ; attempt += 1) {
    const up = await fetch(`${origin}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (attempt > 120 || server.exitCode !== null) throw new Error('the REQUIRE_2FA server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Signs in on the enrolment-only panel, enrols with the code of the shown secret, and reaches the panel. */
async function enrolAtSignIn(page: Page, lng: Lng, account: { email: string; password: string }) {
  await page.goto('/dashboard');
  await page.getByLabel(t(lng, 'panel:signIn.email')).fill(account.email);
  await page.getByLabel(t(lng, 'panel:signIn.password'), { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t(lng, 'panel:signIn.submit') }).click();

  // Only the enrolment screen, wherever the address points, and the API refuses anything else.
  const enrolment = page.getByRole('heading', { level: 1, name: t(lng, 'panel-two-factor:enrolment.title') });
  await expect(enrolment).toBeVisible({ timeout: 20_000 });
  const refused = await page.request.get('/api/v1/audit');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('two_factor_required');
  await page.goto('/dashboard/devices');
  await expect(enrolment).toBeVisible({ timeout: 20_000 });
  await checkScreen(page, lng, 'require-2fa-enrolment');

  const section = page.getByRole('region', { name: t(lng, 'panel-two-factor:section.title') });
  await section.getByRole('button', { name: t(lng, 'panel-two-factor:section.start') }).click();
  const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
  await section.getByLabel(t(lng, 'panel-two-factor:setup.code')).fill((await generateTOTP({ secret })).otp);
  await section.getByRole('button', { name: t(lng, 'panel-two-factor:setup.enable') }).click();
  await expect(
    section.getByRole('list', { name: t(lng, 'panel-two-factor:recovery.listLabel') }).getByRole('listitem'),
  ).toHaveCount(10);
  await section.getByRole('button', { name: t(lng, 'panel-two-factor:recovery.done') }).click();
  // Enrolled: the panel opens on what was asked for, and its API answers.
  await expect(
    page.getByRole('heading', { level: 1, name: t(lng, 'panel-devices:devices.title') }),
  ).toBeVisible({
    timeout: 20_000,
  });
  expect((await page.request.get('/api/v1/audit')).status()).toBe(200);
}

test('REQUIRE_2FA=all: the admin (English) and then a new reseller (Arabic) see only enrolment until they enrol', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const open = async (lng: Lng) => {
    const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: 'i18next', value: lng, url: origin }]);
    return { context, page: await context.newPage() };
  };

  const admin = await open('en');
  await enrolAtSignIn(admin.page, 'en', ADMIN);
  const reseller = {
    email: `strict-reseller-${Date.now()}@e2e.test`,
    password: 'strict e2e reseller password',
  };
  const created = await admin.page.request.post('/api/v1/auth/sign_up_reseller', {
    data: {
      name: 'Rami Reseller',
      email: reseller.email,
      password: reseller.password,
      phone: '+15550009999',
      credits: 0,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.context.close();

  const arabic = await open('ar');
  await enrolAtSignIn(arabic.page, 'ar', reseller);
  await arabic.context.close();
});
