import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { checkScreen, E2E_ADMIN, randomMac, registerDevice, t } from './helpers';

const DAY_MS = 86_400_000;
const PASSWORD = 'e2e reseller password';
const LANGUAGES = process.env.SCREENSHOT_DIR ? (['en', 'fr', 'ar'] as const) : (['en', 'ar'] as const);

/**
 * Moves a device's expiry: the one thing no API does (time passing). The built server runs on the
 * SQLite database in .e2e-data-<port> (playwright.config.ts); a second connection waits for its locks.
 */
function setExpiry(baseURL: string, mac: string, expiresAt: Date) {
  const file = path.join(`.e2e-data-${new URL(baseURL).port}`, 'app.sqlite');
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare('UPDATE devices SET expires_at = ? WHERE mac = ?').run(expiresAt.toISOString(), mac);
  } finally {
    db.close();
  }
}

/** A reseller with two devices activated for a year, through the API. */
async function resellerWithDevices(request: APIRequestContext) {
  expect((await request.post('/api/v1/auth/login', { data: E2E_ADMIN })).ok()).toBe(true);
  const email = `expiry-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const created = await request.post('/api/v1/auth/sign_up_reseller', {
    data: { name: 'Rita Renewals', email, password: PASSWORD, phone: '+15550001111', credits: 5 },
  });
  expect(created.status()).toBe(201);
  const resellerId = (await created.json()).data.id as number;
  const macs = [randomMac(), randomMac()];
  for (const mac of macs) await registerDevice(request, mac);
  expect((await request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
  for (const mac of macs) {
    const device = (await (await request.post('/api/v1/client/device/check-mac', { data: { mac } })).json())
      .data;
    const paid = await request.post('/api/v1/device/updatepayment', {
      data: { user_id: resellerId, plan: 'year', mac: device.id, name: 'Ana Client', phone: '+15550002222' },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
  }
  return { email, macs };
}

for (const lng of LANGUAGES) {
  test(`${lng}: "expiring in 7 days" leads from the dashboard to those devices; the device shows its history; the digest can be turned off`, async ({
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const api = await playwright.request.newContext({ baseURL });
    const { email, macs } = await resellerWithDevices(api);
    await api.dispose();
    const [expiring, later] = macs as [string, string];
    setExpiry(baseURL as string, expiring, new Date(Date.now() + 3 * DAY_MS));

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: 'i18next', value: lng, url: baseURL as string }]);
    const page = await context.newPage();
    expect(
      (await page.request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } })).ok(),
    ).toBe(true);

    // The dashboard's card counts the one device and links to the filtered list.
    await page.goto('/dashboard/home');
    const label = t(lng, 'panel-devices:dashboard.cards.expiringSoon');
    const card = page.getByRole('link', { name: new RegExp(label) });
    await expect(card).toContainText(/1$/);
    await checkScreen(page, lng, 'dashboard-expiring');
    await card.click();
    await expect(page).toHaveURL(/\/dashboard\/devices\?expiring=7d$/);
    await expect(page.getByLabel(t(lng, 'panel-devices:devices.filters.expiry'))).toHaveValue('7d');
    await expect(page.getByText(expiring)).toBeVisible();
    await expect(page.getByText(later)).toHaveCount(0);
    await checkScreen(page, lng, 'devices-expiring');

    // The device's history: its activation, by the reseller.
    await page.goto(`/dashboard/check-mac?mac=${expiring}`);
    const history = page.getByRole('list', { name: t(lng, 'panel:deviceHistory.title') });
    await expect(history.getByText(t(lng, 'panel:activity.actions.device.activated'))).toBeVisible();
    await expect(history.getByText('Rita Renewals').first()).toBeVisible();
    await checkScreen(page, lng, 'device-history', history);

    // The account screen: the digest is on, turned off, and stays off after a reload.
    await page.goto('/dashboard/passwordChange');
    const digest = page.getByRole('switch', { name: t(lng, 'panel:emailPreferences.expiryDigest') });
    await expect(digest).toHaveAttribute('aria-checked', 'true');
    await digest.click();
    await expect(page.getByText(t(lng, 'panel:emailPreferences.off'))).toBeVisible();
    await expect(digest).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(
      page.getByRole('switch', { name: t(lng, 'panel:emailPreferences.expiryDigest') }),
    ).toHaveAttribute('aria-checked', 'false');
    await checkScreen(page, lng, 'account-emails', digest);
    await context.close();
  });
}
