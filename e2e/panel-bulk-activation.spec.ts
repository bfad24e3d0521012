import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN, randomMac, registerDevice, settled, signInToPanel, t, type Lng } from './helpers';

const PASSWORD = 'reseller-e2e-password';

/** A reseller with `credits`, created by the admin through the API, in its own browser context. */
async function resellerPage(browser: Browser, width: number, credits: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 812 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN });
  const email = `bulk-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const created = await page.request.post('/api/v1/auth/sign_up_reseller', {
    data: { name: 'Bea Bulk', email, password: PASSWORD, phone: '+15550002222', credits },
  });
  expect(created.status()).toBe(201);
  await page.request.post('/api/v1/auth/logout');
  await signInToPanel(page, email, PASSWORD);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  return page;
}

for (const width of [1280, 375]) {
  test(`bulk activation at ${width} px: preview shows row errors and credits, confirm, results, CSV`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await resellerPage(browser, width, 5);
    const [a, b] = [randomMac(), randomMac()];
    await registerDevice(page.request, a);
    await registerDevice(page.request, b);
    await page.goto('/dashboard/bulk-activation');
    await expect(page.getByRole('heading', { level: 1, name: 'Bulk activation' })).toBeVisible({
      timeout: 20_000,
    });

    await page
      .getByLabel('MAC addresses or CSV')
      .fill(
        `mac,plan\n${a.replace(/:/g, '').toLowerCase()},lifetime\n${b.replace(/:/g, '-')}\nnot-a-mac\n${a}`,
      );
    await page.getByRole('button', { name: 'Check the list' }).click();

    await expect(page.getByRole('heading', { name: 'Preview of 4 rows' })).toBeVisible({ timeout: 20_000 });
    const figures = page.locator('dl');
    await expect(figures).toContainText('Credits needed3');
    await expect(figures).toContainText('Balance5');
    const rows = page.getByRole('table', { name: 'Rows checked' }).getByRole('row');
    await expect(rows.nth(3)).toContainText('Not a MAC address');
    await expect(rows.nth(4)).toContainText('Already earlier in the list');

    await page.getByRole('button', { name: 'Activate 2 devices' }).click();
    await expect(page.getByRole('heading', { name: 'Result for 4 rows' })).toBeVisible({ timeout: 20_000 });
    const results = page.getByRole('table', { name: 'Rows processed' }).getByRole('row');
    await expect(results.nth(1)).toContainText('Activated');
    await expect(results.nth(2)).toContainText('Activated');
    await expect(page.locator('dl')).toContainText('Credits charged3');
    await expect(page.locator('dl')).toContainText('Balance2');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the result (CSV)' }).click(),
    ]);
    const csv = fs.readFileSync((await download.path()) as string, 'utf8');
    expect(csv).toContain(`1,${a},lifetime,activated,,2`);
    expect(csv).toContain(`2,${b},year,activated,,1`);
    expect(csv).toContain('3,not-a-mac,,failed,invalid_mac,0');
    await page.context().close();
  });
}

test('screenshots for a visual review (SCREENSHOT_DIR=...)', async ({ browser }) => {
  const dir = process.env.SCREENSHOT_DIR;
  test.skip(!dir, 'only when SCREENSHOT_DIR is set');
  test.setTimeout(300_000);
  for (const theme of ['light', 'dark'] as const) {
    for (const lng of ['en', 'ar'] as Lng[]) {
      for (const width of [1280, 375]) {
        const page = await resellerPage(browser, width, 5);
        await page.context().addInitScript((value) => window.localStorage.setItem('theme', value), theme);
        const mac = randomMac();
        await registerDevice(page.request, mac);
        await page.goto(`/dashboard/bulk-activation?lng=${lng}`);
        await page.getByRole('textbox').first().fill(`${mac}\nnot-a-mac\n${randomMac()}`);
        await settled(page);
        await page.screenshot({ path: `${dir}/bulk-input-${lng}-${width}-${theme}.png`, fullPage: true });
        await page.getByRole('button', { name: t(lng, 'panel-devices:bulk.input.preview') }).click();
        await expect(page.locator('dl')).toBeVisible({ timeout: 20_000 });
        await settled(page);
        await page.screenshot({ path: `${dir}/bulk-preview-${lng}-${width}-${theme}.png`, fullPage: true });
        await page.goto(`/dashboard/devices?lng=${lng}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
        await settled(page);
        await page.screenshot({ path: `${dir}/devices-export-${lng}-${width}-${theme}.png` });
        await page.context().close();
      }
    }
  }
});
