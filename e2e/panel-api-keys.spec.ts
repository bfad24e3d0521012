import { expect, test } from '@playwright/test';
import {
  E2E_ADMIN,
  expectNoAxeViolations,
  randomMac,
  registerDevice,
  settled,
  signInToPanel,
  t,
  type Lng,
} from './helpers';

test.describe('API keys', () => {
  test('a key created on the panel works against the reseller API until it is revoked', async ({ page }) => {
    // The screen now loads the webhooks part too: allow for a busy machine.
    test.setTimeout(120_000);
    const mac = randomMac();
    await registerDevice(page.request, mac);
    await signInToPanel(page);
    await page
      .getByRole('navigation', { name: 'Panel navigation' })
      .getByRole('link', { name: 'API & webhooks' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'API & webhooks' })).toBeVisible();

    const name = `Shop ${Date.now().toString(36)}`;
    await page.locator('main').getByRole('button', { name: 'Create key' }).click();
    const form = page.getByRole('dialog', { name: 'Create an API key' });
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: `Key ${name} created` });
    const secret = (await shown.getByTestId('api-key-secret').textContent()) ?? '';
    expect(secret).toMatch(/^sbk_/);
    await expectNoAxeViolations(page, 'new key dialog');
    await shown.getByRole('button', { name: 'I have copied it' }).click();

    // The key acts as its owner (the admin) with the permission it was given.
    const lookup = () =>
      page.request.get(`/api/reseller/v1/devices/${mac}`, { headers: { authorization: `Bearer ${secret}` } });
    const found = await lookup();
    expect(found.status()).toBe(200);
    expect((await found.json()).data.mac).toBe(mac);

    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('devices:read');
    await row.getByRole('button', { name: `Revoke key ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Revoke key ${name}?` })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await expect(page.getByText(`Key ${name} revoked`)).toBeVisible();
    expect((await lookup()).status()).toBe(401);
    await expectNoAxeViolations(page, 'API keys page');
  });

  test('screenshots for a visual review (SCREENSHOT_DIR=...)', async ({ browser }) => {
    const dir = process.env.SCREENSHOT_DIR;
    test.skip(!dir, 'only when SCREENSHOT_DIR is set');
    test.setTimeout(300_000);
    for (const theme of ['light', 'dark'] as const) {
      for (const lng of ['en', 'ar'] as Lng[]) {
        for (const width of [1280, 375]) {
          const context = await browser.newContext({ viewport: { width, height: 900 } });
          await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
          const page = await context.newPage();
          await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN });
          await page.goto(`/dashboard/api-keys?lng=${lng}`);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await page
            .locator('main')
            .getByRole('button', { name: t(lng, 'panel-network:apiKeys.add') })
            .click();
          await settled(page);
          await page.screenshot({ path: `${dir}/api-key-form-${lng}-${width}-${theme}.png` });
          await page.getByLabel(t(lng, 'panel-network:apiKeys.form.name')).fill(`Screenshot ${lng}`);
          await page
            .getByRole('button', { name: t(lng, 'panel-network:apiKeys.form.create') })
            .last()
            .click();
          await settled(page);
          await page.screenshot({ path: `${dir}/api-key-secret-${lng}-${width}-${theme}.png` });
          await page.getByRole('button', { name: t(lng, 'panel-network:apiKeys.secret.done') }).click();
          await settled(page);
          await page.screenshot({ path: `${dir}/api-keys-${lng}-${width}-${theme}.png`, fullPage: true });
          await context.close();
        }
      }
    }
  });
});
