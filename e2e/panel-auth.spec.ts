import { expect, test } from '@playwright/test';
import { E2E_ADMIN, expectNoAxeViolations, signInToPanel, t } from './helpers';

test.describe('panel sign-in', () => {
  test('a wrong password shows Invalid credentials and no panel', async ({ page }) => {
    await signInToPanel(page, E2E_ADMIN.email, 'not-the-password');
    await expect(page.getByText('Invalid credentials')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In to Panel' })).toBeVisible();
  });

  test('the first admin signs in, sees the dashboard shell, and signs out', async ({ page }) => {
    await signInToPanel(page);
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await expect(page.getByText('Admin Panel').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByRole('button', { name: 'Sign In to Panel' })).toBeVisible();
    // The old session is gone on the server too.
    const check = await page.request.post('/api/v1/auth/check', { data: {} });
    expect(check.status()).toBe(401);
  });

  test('on a phone the sign-in page offers the languages: Arabic turns it right to left, and the panel follows', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/dashboard');
    await expect(page.getByLabel(t('en', 'panel:signIn.email'))).toBeFocused();
    await page
      .getByRole('button', { name: t('en', 'common:language.trigger', { language: 'English' }) })
      .click();
    await page.getByRole('menuitemradio', { name: t('en', 'common:languages.ar') }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('button', { name: t('ar', 'panel:signIn.submit') })).toBeVisible();
    await page.getByLabel(t('ar', 'panel:signIn.email')).fill(E2E_ADMIN.email);
    await page.getByLabel(t('ar', 'panel:signIn.password'), { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: t('ar', 'panel:signIn.submit') }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: t('ar', 'panel-devices:dashboard.title') }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  });

  for (const lng of ['en', 'ar'] as const) {
    test(`${lng}: 30 seconds before the idle sign-out a warning offers to stay; staying keeps the session, silence ends it`, async ({
      page,
      context,
      baseURL,
    }) => {
      await context.addCookies([{ name: 'i18next', value: lng, url: baseURL as string }]);
      // The browser's clock only: two minutes pass at once, the server's session stays as it is.
      await page.clock.install();
      expect((await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN })).ok()).toBe(true);
      await page.goto('/dashboard/home');
      await expect(
        page.getByRole('heading', { level: 1, name: t(lng, 'panel-devices:dashboard.title') }),
      ).toBeVisible();

      await page.clock.fastForward(91_000);
      const warning = page.getByRole('alertdialog', { name: t(lng, 'panel:shell.idleWarningTitle') });
      await expect(warning).toBeVisible();
      await expectNoAxeViolations(page, `idle warning ${lng}`);
      // By keyboard: a click first moves the mouse, and any activity already ends the warning, so the
      // dialog could be closing under the pointer when the click lands (a race on a busy machine).
      await warning.getByRole('button', { name: t(lng, 'panel:shell.staySignedIn') }).focus();
      await page.keyboard.press('Enter');
      await expect(warning).toBeHidden();
      await expect(
        page.getByRole('heading', { level: 1, name: t(lng, 'panel-devices:dashboard.title') }),
      ).toBeVisible();

      await page.clock.fastForward(121_000);
      await expect(page.getByText(t(lng, 'panel:shell.signedOutIdle'))).toBeVisible();
      await expect(page.getByRole('button', { name: t(lng, 'panel:signIn.submit') })).toBeVisible();
    });
  }
});
