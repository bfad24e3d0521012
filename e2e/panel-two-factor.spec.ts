import { generateTOTP } from '@epic-web/totp';
import { expect, test } from '@playwright/test';
import { checkScreen, E2E_ADMIN, t } from './helpers';

const PASSWORD = 'reseller-e2e-password';
/** A code for a later 30-second step than `after`: each code works once (replay is refused). */
async function codeAfter(secret: string, after: number): Promise<{ otp: string; step: number }> {
  const stepNow = () => Math.floor(Date.now() / 30_000);
  while (stepNow() <= after) await new Promise((resolve) => setTimeout(resolve, 500));
  return { otp: (await generateTOTP({ secret })).otp, step: stepNow() };
}

for (const lng of ['en', 'ar'] as const) {
  test(`${lng}: enrol on the account screen, sign out, sign in with password then code`, async ({
    page,
    context,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(420_000);
    const admin = await playwright.request.newContext({ baseURL });
    await admin.post('/api/v1/auth/login', { data: E2E_ADMIN });
    const email = `two-factor-${lng}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
    const created = await admin.post('/api/v1/auth/sign_up_reseller', {
      data: { name: 'Tess Twofactor', email, password: PASSWORD, phone: '+15550004444', credits: 0 },
    });
    expect(created.status()).toBe(201);
    await admin.dispose();

    await context.addCookies([{ name: 'i18next', value: lng, url: baseURL as string }]);
    await page.goto('/dashboard');
    await page.getByLabel(t(lng, 'panel:signIn.email')).fill(email);
    await page.getByLabel(t(lng, 'panel:signIn.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t(lng, 'panel:signIn.submit') }).click();
    await expect(page).toHaveURL(/\/dashboard\/home$/, { timeout: 20_000 });

    await page.goto('/dashboard/passwordChange');
    const section = page.getByRole('region', { name: t(lng, 'panel-two-factor:section.title') });
    await expect(
      section.getByText(t(lng, 'panel-two-factor:section.statusOff'), { exact: true }),
    ).toBeVisible({
      timeout: 20_000,
    });
    await checkScreen(page, lng, 'account-2fa-off', section);

    await section.getByRole('button', { name: t(lng, 'panel-two-factor:section.start') }).click();
    const secretBox = section.getByTestId('totp-secret');
    await expect(secretBox).toHaveText(/^[A-Z2-7]{32}$/);
    const secret = (await secretBox.textContent())!.trim();
    await expect(section.getByRole('img', { name: /QR/ })).toBeVisible();
    await checkScreen(
      page,
      lng,
      'account-2fa-enrol',
      section.getByLabel(t(lng, 'panel-two-factor:setup.code')),
    );

    const first = await codeAfter(secret, 0);
    await section.getByLabel(t(lng, 'panel-two-factor:setup.code')).fill(first.otp);
    await section.getByRole('button', { name: t(lng, 'panel-two-factor:setup.enable') }).click();
    const codes = section.getByRole('list', { name: t(lng, 'panel-two-factor:recovery.listLabel') });
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    await expect(section.getByTestId('totp-secret')).toHaveCount(0);
    await checkScreen(page, lng, 'account-2fa-recovery-codes', codes);

    await section.getByRole('button', { name: t(lng, 'panel-two-factor:recovery.done') }).click();
    await expect(
      section.getByText(t(lng, 'panel-two-factor:section.statusOn'), { exact: true }),
    ).toBeVisible();
    await checkScreen(page, lng, 'account-2fa-on', section);

    await page.getByRole('button', { name: t(lng, 'panel:shell.userMenu') }).click();
    await page.getByRole('menuitem', { name: t(lng, 'panel:shell.signOut') }).click();
    await expect(page.getByRole('button', { name: t(lng, 'panel:signIn.submit') })).toBeVisible();
    await page.goto('/dashboard');

    await page.getByLabel(t(lng, 'panel:signIn.email')).fill(email);
    await page.getByLabel(t(lng, 'panel:signIn.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t(lng, 'panel:signIn.submit') }).click();
    await expect(page.getByRole('heading', { name: t(lng, 'panel-two-factor:signIn.title') })).toBeVisible();
    // No session yet: the password alone opened nothing.
    expect((await page.request.post('/api/v1/auth/check', { data: {} })).status()).toBe(401);
    await checkScreen(page, lng, 'sign-in-2fa-code');

    const second = await codeAfter(secret, first.step);
    await page.getByLabel(t(lng, 'panel-two-factor:signIn.code'), { exact: true }).fill(second.otp);
    await page.getByRole('button', { name: t(lng, 'panel-two-factor:signIn.submit') }).click();
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await expect(page.getByText(t(lng, 'panel:shell.resellerTitle')).first()).toBeVisible();
  });
}
