import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, randomMac, registerDevice, settled, t as appText } from './helpers';

// Axe and first paints are slow on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

const text = (lng: 'en' | 'ar', key: string, values?: Record<string, string>) =>
  appText(lng, `device:${key}`, values);

for (const lng of ['en', 'ar'] as const) {
  const t = (key: string, values?: Record<string, string>) => text(lng, key, values);

  test(`a phone opens the TV's QR link and reaches the device page signed in (${lng})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const { mac, key } = await registerDevice(request, randomMac());
    // What the TV app does: ask for a code, show its QR image.
    const pairing = await request.post('/api/v1/device/pairing', { data: { mac, cle_mac: key } });
    expect(pairing.status()).toBe(201);
    const { code, url, qr_url: qrUrl } = (await pairing.json()).data;
    const qr = await request.get(qrUrl);
    expect(qr.headers()['content-type']).toMatch(/^image\/svg\+xml/);

    // What the phone does: open the QR's address.
    await page.goto(`${url}&lng=${lng}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('pairing-mac')).toHaveText(`••:••:••:••:${mac.slice(-5)}`, {
      timeout: 20_000,
    });
    await expect(page.getByText('E2E TV')).toBeVisible();
    await expectNoAxeViolations(page, `/pair ${lng}`);
    await page.getByRole('button', { name: t('pair.device.manage') }).click();

    await expect(page.getByRole('heading', { name: t('dashboard.welcome'), level: 1 })).toBeVisible();
    await expect(page.getByTestId('device-mac')).toHaveText(mac);
    await expect(page).toHaveURL(/\/account\/view/);
    expect(page.url()).not.toContain(key);

    // The code worked once: opening it again says so.
    await page.goto(`/pair?code=${code}&lng=${lng}`);
    await expect(page.getByRole('heading', { name: t('pair.problem.used.title') })).toBeVisible({
      timeout: 20_000,
    });
  });
}

test('a viewer resets the device key: the old key stops, other sessions end, the new key works', async ({
  page,
  browser,
  request,
}) => {
  const { mac, key } = await registerDevice(request, randomMac());
  const t = (name: string) => text('en', name);
  // Another browser signed in with the same key.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const signedIn = await otherPage.request.post('/api/v1/device/login', { data: { mac, cle_mac: key } });
  expect(signedIn.status()).toBe(200);

  await page.goto(`/account/view?lng=en&mac=${mac}&cle_mac=${key}`);
  // The first paint waits for the lazy page and its translations (slow on a busy machine).
  await expect(page.getByRole('heading', { name: t('dashboard.welcome'), level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('tab', { name: t('dashboard.tabs.account') }).click();
  await page.getByRole('button', { name: t('resetKey.action') }).click();
  const confirm = page.getByRole('dialog', { name: t('resetKey.confirmTitle') });
  await settled(page);
  await confirm.getByRole('button', { name: t('resetKey.confirm') }).click();
  const shown = page.getByRole('dialog', { name: t('resetKey.doneTitle') });
  await expect(shown).toBeVisible();
  const newKey = (await page.getByTestId('new-device-key').textContent())!.trim();
  expect(newKey).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
  expect(newKey).not.toBe(key);
  await shown.getByRole('button', { name: t('resetKey.close') }).click();

  expect((await request.get(`/api/v1/device?mac=${mac}&cle_mac=${key}`)).status()).toBe(401);
  expect((await request.get(`/api/v1/device?mac=${mac}&cle_mac=${newKey}`)).status()).toBe(200);
  expect((await otherPage.request.get('/api/v1/device/session')).status()).toBe(401);
  expect((await page.request.get('/api/v1/device/session')).status()).toBe(200);
  await other.close();
});
