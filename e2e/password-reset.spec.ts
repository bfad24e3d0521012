import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startTestSmtpServer, type TestSmtpServer } from '../src/server/test/smtp';
import { E2E_SMTP_PORT } from '../playwright.config';
import { E2E_ADMIN, expectNoAxeViolations } from './helpers';

/**
 * The whole reset flow in a browser, reading the e-mail from a real SMTP server the built server sends
 * to (E2E_SMTP_PORT, see playwright.config.ts). Screenshots go to SHOTS_DIR when it is set.
 */
const shotsDir = process.env.SHOTS_DIR;
let smtp: TestSmtpServer;

test.beforeAll(async () => {
  smtp = await startTestSmtpServer(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await smtp?.close();
});

async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  for (const [label, size] of [
    ['375', { width: 375, height: 812 }],
    ['1280', { width: 1280, height: 800 }],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate((s) => document.documentElement.classList.toggle('dark', s === 'dark'), scheme);
      await page.screenshot({ path: `${shotsDir}/${name}-${label}-${scheme}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a reseller resets a forgotten password from the e-mailed link, and other sessions end', async ({
  page,
  browser,
}) => {
  // A long flow with screenshots in four variants at each step.
  test.setTimeout(240_000);
  const email = `reset-${Date.now()}@e2e.test`;
  const password = 'first e2e password';
  // An admin creates the reseller, who signs in elsewhere (that session must end with the reset).
  const admin = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const adminLogin = await admin.request.post('/api/v1/auth/login', { data: E2E_ADMIN });
  expect(adminLogin.status()).toBe(200);
  const created = await admin.request.post('/api/v1/auth/sign_up_reseller', {
    data: { name: 'Reset Tester', email, password, phone: '+15550100', credits: 0 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await elsewhere.request.post('/api/v1/auth/login', { data: { email, password } })).status()).toBe(
    200,
  );

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Forgot your password?' }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/forgot-password$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'forgot-en');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await shoot(page, 'forgot-sent-en');

  const mail = await smtp.waitFor((m) => m.to.includes(email), 15_000);
  expect(mail.subject).toBe('Reset your StreamBox Player password');
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'reset-en');
  await page.getByLabel('New password', { exact: true }).fill('second e2e password');
  await page.getByLabel('Confirm the new password').fill('second e2e password');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await shoot(page, 'reset-done-en');

  // The other browser's session ended; the notice arrived; the link works only once.
  expect((await elsewhere.request.post('/api/v1/auth/check', { data: {} })).status()).toBe(401);
  const notice = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('was changed'), 15_000);
  expect(notice.text).toContain('Every session that was signed in has been ended.');
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel('New password', { exact: true }).fill('third e2e password');
  await page.getByLabel('Confirm the new password').fill('third e2e password');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await shoot(page, 'reset-invalid-en');

  // Signed in with the new password, the account screen lists this session.
  await page.goto('/dashboard');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('second e2e password');
  await page.getByRole('button', { name: 'Sign In to Panel' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the panel' })).toBeHidden({ timeout: 20_000 });
  await page.goto('/dashboard/passwordChange');
  await expect(page.getByRole('heading', { name: 'Signed-in sessions' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('This browser')).toBeVisible();
  await shoot(page, 'sessions-en');

  // Arabic, right to left.
  await page.goto('/forgot-password?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'هل نسيت كلمة المرور؟' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'forgot-ar');
  await page.goto(`/reset-password?lng=ar&token=${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'اختر كلمة مرور جديدة' })).toBeVisible();
  await shoot(page, 'reset-ar');
  await page.goto('/dashboard/passwordChange?lng=ar');
  await expect(page.getByRole('heading', { name: 'الجلسات المفتوحة' })).toBeVisible();
  await shoot(page, 'sessions-ar');

  await admin.close();
  await elsewhere.close();
});
