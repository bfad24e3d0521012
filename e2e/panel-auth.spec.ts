import { expect, test } from '@playwright/test';
import { E2E_ADMIN, signInToPanel } from './helpers';

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
});
