import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  E2E_ADMIN,
  expectNoAxeViolations,
  randomMac,
  registerDevice,
  settled,
  signInToPanel,
  t,
  tPattern,
  isolateLtr,
  isolateText,
} from './helpers';

const RESELLER_PASSWORD = 'reseller-e2e-password';
const PLAYLIST_URL = 'https://lists.example/e2e-kids.m3u';
const DAY_MS = 86_400_000;

/** The admin creates a reseller with credits through the API, as the Done-when allows. */
async function createReseller(request: APIRequestContext, credits: number) {
  const login = await request.post('/api/v1/auth/login', { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  const email = `reseller-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const created = await request.post('/api/v1/auth/sign_up_reseller', {
    data: { name: 'Rita Reseller', email, password: RESELLER_PASSWORD, phone: '+15550001111', credits },
  });
  expect(created.status()).toBe(201);
  return { email, id: (await created.json()).data.id as number };
}

/** The MAC field: typed as a person would, in lower case and without separators. */
async function searchMac(page: Page, mac: string) {
  const field = page.getByLabel('MAC Address', { exact: true });
  await field.fill('');
  await field.pressSequentially(mac.replace(/:/g, '').toLowerCase());
  await expect(field).toHaveValue(mac);
  await field.press('Enter');
}

function detail(page: Page, label: string) {
  return page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

test.describe('panel devices', () => {
  test('a reseller checks a MAC, activates it for a year, finds it, and manages a PIN-protected playlist', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const admin = await playwright.request.newContext({ baseURL });
    const reseller = await createReseller(admin, 5);
    const mac = randomMac();
    await registerDevice(admin, mac);
    await admin.dispose();

    await signInToPanel(page, reseller.email, RESELLER_PASSWORD);
    await expect(page.getByText('Reseller Panel')).toBeVisible();
    await expect(page.getByText('Credits: 5')).toBeVisible();

    // Check MAC
    await page.getByRole('link', { name: 'Check MAC' }).click();
    await expect(page.getByRole('heading', { name: 'Check MAC', level: 1 })).toBeVisible();
    await searchMac(page, mac);
    await expect(page.getByRole('heading', { name: 'Device Information' })).toBeVisible();
    await expect(detail(page, 'Plan type')).toHaveText('Free');
    await expect(detail(page, 'Payment status')).toHaveText('Unpaid');
    await expect(page.getByRole('button', { name: `Search ${mac} again` })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('macSearchHistory'))).toBe(JSON.stringify([mac]));

    // Activate MAC, one year
    await page.getByRole('link', { name: 'Activate MAC' }).click();
    await expect(page.getByRole('heading', { name: 'Activate MAC Address', level: 1 })).toBeVisible();
    await searchMac(page, mac);
    await page.getByRole('button', { name: 'Activate MAC Address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Activation Plan' });
    const confirm = dialog.getByRole('button', { name: 'Confirm Activation' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Client name').fill('Élodie E2E');
    await dialog.getByLabel('Phone number').fill('+33 6 12 34 56 78');
    await dialog.getByRole('radio', { name: /One Year/ }).check();
    await expect(dialog.getByText('Cost', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
      '1 credit',
    );
    await confirm.click();
    await expect(page.getByText('Device activated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Credits: 4')).toBeVisible();
    await expect(detail(page, 'Payment status')).toHaveText('Paid');
    await expect(detail(page, 'Plan type')).toHaveText('Year');
    await expect(detail(page, 'Client name')).toHaveText('Élodie E2E');

    // The expiry is a year out (plus what was left of the 7-day trial).
    const lookup = await page.request.post('/api/v1/client/device/check-mac', { data: { mac } });
    const expiry = new Date((await lookup.json()).data.expired_date as string);
    const days = (expiry.getTime() - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(365);
    expect(days).toBeLessThan(373);
    await expect(detail(page, 'Expiry date')).toHaveText(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(expiry),
    );
    await expect(detail(page, 'Time left')).toHaveText(/^3(6[6-9]|7[0-3]) days$/);

    // Manage Devices
    await page.getByRole('link', { name: 'Devices', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Manage Devices', level: 1 })).toBeVisible();
    await page.getByLabel('Search', { exact: true }).fill(mac);
    await page.getByLabel('Search', { exact: true }).press('Enter');
    const row = page.getByRole('row').filter({ hasText: mac });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Élodie E2E');
    await expect(row).toContainText('Year');
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('Active');
    // Found by a name typed in capitals, É included (SQLite's LIKE alone folds only ASCII letters).
    await page.getByLabel('Search', { exact: true }).fill('ÉLODIE');
    await page.getByLabel('Search', { exact: true }).press('Enter');
    await expect(page.getByRole('row').filter({ hasText: 'Élodie E2E' })).toHaveCount(1);
    await expect(page.getByRole('switch')).toHaveCount(0);

    // Playlists: add a PIN-protected one to the device, unlock it, delete it.
    await page.getByRole('link', { name: 'Playlists' }).click();
    await expect(page.getByRole('heading', { name: 'Playlist Management', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add Playlist' }).click();
    const form = page.getByRole('dialog', { name: 'Add Playlist' });
    await form.getByLabel('Assign to device').selectOption(mac);
    await form.getByLabel('Playlist name').fill('E2E Kids');
    await form.getByLabel('Playlist URL').fill(PLAYLIST_URL);
    await form.getByLabel('Protect this playlist with a PIN').check();
    await form.getByLabel('PIN', { exact: true }).fill('2468');
    await form.getByLabel('Confirm PIN').fill('2468');
    await form.getByRole('button', { name: 'Add Playlist' }).click();
    // The server checks it first: `.example` names no server, so the check fails and says why.
    await expect(form.getByText('There is a problem with this playlist')).toBeVisible({ timeout: 20_000 });
    await expect(form.getByText('The server name does not exist.')).toBeVisible();
    await form.getByRole('button', { name: 'Save anyway' }).click();
    await expect(page.getByText('Playlist saved')).toBeVisible();
    await expect(form).toBeHidden();

    const playlist = page.getByRole('row').filter({ hasText: 'E2E Kids' });
    await expect(playlist).toContainText(mac);
    await expect(playlist).toContainText('Hidden until the PIN is entered');
    await expect(playlist).not.toContainText(PLAYLIST_URL);
    await expect(
      page.getByText('Protected', { exact: true }).locator('xpath=following-sibling::p'),
    ).toHaveText('1');

    await playlist.getByRole('button', { name: 'Unlock E2E Kids' }).click();
    const pinDialog = page.getByRole('dialog', { name: 'Enter PIN' });
    await expect(pinDialog).toContainText('This playlist is protected');
    await pinDialog.getByLabel('PIN', { exact: true }).fill('1111');
    await pinDialog.getByRole('button', { name: 'Unlock' }).click();
    await expect(pinDialog.getByText('Incorrect PIN')).toBeVisible();
    await pinDialog.getByLabel('PIN', { exact: true }).fill('2468');
    await pinDialog.getByRole('button', { name: 'Unlock' }).click();
    await expect(pinDialog).toBeHidden();
    await expect(playlist).toContainText(PLAYLIST_URL);

    await playlist.getByRole('button', { name: 'Delete E2E Kids' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete playlist?' });
    await expect(confirmDelete).toContainText(
      "You're about to delete the playlist E2E Kids. This action cannot be undone.",
    );
    await confirmDelete.getByRole('button', { name: 'Delete playlist' }).click();
    await expect(page.getByText('Playlist deleted')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'E2E Kids' })).toHaveCount(0);
  });

  test("a viewer's device needs the viewer's key: the dialog asks for it, refuses a wrong one, accepts the right one", async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    // The admin activates a device for a viewer (no owner): the viewer's, not a reseller's to take.
    const admin = await playwright.request.newContext({ baseURL });
    const reseller = await createReseller(admin, 5);
    const mac = randomMac();
    const { key } = await registerDevice(admin, mac);
    const found = (await (await admin.post('/api/v1/client/device/check-mac', { data: { mac } })).json())
      .data;
    const adminId = (await (await admin.post('/api/v1/auth/login', { data: E2E_ADMIN })).json()).data.id;
    const activated = await admin.post('/api/v1/device/updatepayment', {
      data: { user_id: adminId, plan: 'year', mac: found.id, name: 'Private Viewer', phone: '+15550009999' },
    });
    expect(activated.ok()).toBe(true);
    await admin.dispose();

    await signInToPanel(page, reseller.email, RESELLER_PASSWORD);
    await expect(page.getByText('Credits: 5')).toBeVisible();
    // SCREENSHOTS=1 keeps the dialog in Arabic on a phone and in English on a desktop, to look at.
    const shots = process.env.SCREENSHOTS ? test.info().outputPath('screens') : null;
    for (const { lng, width } of [
      { lng: 'ar', width: 375 },
      { lng: 'en', width: 1280 },
    ] as const) {
      await context.addCookies([{ name: 'i18next', value: lng, url: baseURL as string }]);
      await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
      await page.goto(`/dashboard/activate-mac?mac=${mac}`);
      await page.locator('main dl').first().waitFor();
      // Nothing of the viewer is shown to a reseller who does not manage the device.
      await expect(page.locator('main')).not.toContainText('Private Viewer');
      await expect(page.locator('main')).not.toContainText('+15550009999');
      await page.locator('main button.w-full').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.locator('#activation-device-key')).toBeVisible();
      await expectNoAxeViolations(page);
      if (shots) await page.screenshot({ path: `${shots}/device-key-${lng}-${width}.png` });
    }

    await page.goto(`/dashboard/activate-mac?mac=${mac}`);
    await page.getByRole('button', { name: 'Activate MAC Address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Activation Plan' });
    await expect(dialog.getByText('Ask your customer for the device key shown in the app.')).toBeVisible();
    await dialog.getByRole('radio', { name: /One Year/ }).check();
    await dialog.getByLabel('Device key').fill('WRONGKEY77');
    await dialog.getByRole('button', { name: 'Confirm Activation' }).click();
    await expect(dialog.getByRole('alert')).toContainText('does not match the device');
    await expect(page.getByText('Credits: 5')).toBeVisible();
    await dialog.getByLabel('Device key').fill(key.toLowerCase());
    await dialog.getByRole('button', { name: 'Confirm Activation' }).click();
    await expect(page.getByText('Device activated successfully')).toBeVisible();
    await expect(page.getByText('Credits: 4')).toBeVisible();
    await expect(detail(page, 'Client name')).toHaveText('Private Viewer');
  });

  test('on a phone, an admin bans a device only after a confirmation that names it; lifting the ban is one tap', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const mac = randomMac();
    const admin = await playwright.request.newContext({ baseURL });
    await registerDevice(admin, mac);
    expect((await admin.post('/api/v1/auth/login', { data: E2E_ADMIN })).ok()).toBe(true);
    const listed = await (await admin.get(`/api/v1/device/all?search=${encodeURIComponent(mac)}`)).json();
    const id = listed.data[0].id as number;
    expect(
      (await admin.put(`/api/v1/device/${id}`, { data: { name: 'Ana Client', phone: null } })).ok(),
    ).toBe(true);
    await admin.dispose();

    await page.setViewportSize({ width: 375, height: 812 });
    await signInToPanel(page);
    await expect(page.getByText('Admin Panel')).toBeVisible();
    await page.goto(`/dashboard/devices?search=${encodeURIComponent(mac)}`);
    const toggle = page.getByRole('switch', {
      name: t('en', 'panel-devices:devices.ban.switchLabel', { mac }),
    });
    await expect(toggle).toBeChecked();

    // Cancel leaves the viewer's TV alone.
    await toggle.click();
    const confirm = page.getByRole('dialog', {
      name: t('en', 'panel-devices:devices.ban.confirmTitle', { mac: isolateLtr(mac) }),
    });
    await expect(confirm).toContainText(
      t('en', 'panel-devices:devices.ban.confirmDescriptionNamed', {
        mac: isolateLtr(mac),
        name: isolateText('Ana Client'),
      }),
    );
    await settled(page);
    await expectNoAxeViolations(page, 'ban confirmation 375px');
    await confirm.getByRole('button', { name: t('en', 'common:actions.cancel') }).click();
    await expect(confirm).toBeHidden();
    await expect(toggle).toBeChecked();
    // Focus comes back to the switch, not to the top of the page.
    await expect(toggle).toBeFocused();

    await toggle.click();
    await confirm.getByRole('button', { name: t('en', 'panel-devices:devices.ban.confirm') }).click();
    await expect(page.getByText(t('en', 'panel-devices:devices.ban.banned'))).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(toggle).not.toBeChecked();

    await toggle.click();
    await expect(page.getByText(t('en', 'panel-devices:devices.ban.unbanned'))).toBeVisible();
    await expect(toggle).toBeChecked();
  });

  // One test per language: each runs some 20 axe checks, which a busy 2-core machine takes minutes over.
  for (const lng of ['en', 'ar'] as const) {
    // The dialogs and the admin's list: English wide and light, Arabic narrow and dark.
    const dialogView =
      lng === 'en' ? ({ width: 1280, theme: 'light' } as const) : ({ width: 375, theme: 'dark' } as const);
    test(`the five screens pass axe in ${lng}, on wide and narrow screens, light and dark`, async ({
      page,
      context,
      browser,
      playwright,
      baseURL,
    }) => {
      test.setTimeout(300_000);
      const admin = await playwright.request.newContext({ baseURL });
      const reseller = await createReseller(admin, 10);
      const activeMac = randomMac();
      const expiringMac = randomMac();
      await registerDevice(admin, activeMac);
      await registerDevice(admin, expiringMac);
      await admin.dispose();

      // The reseller's own data, through the API: an activated device with two playlists.
      const api = await playwright.request.newContext({ baseURL });
      expect(
        (
          await api.post('/api/v1/auth/login', {
            data: { email: reseller.email, password: RESELLER_PASSWORD },
          })
        ).ok(),
      ).toBe(true);
      const device = (
        await (await api.post('/api/v1/client/device/check-mac', { data: { mac: activeMac } })).json()
      ).data;
      await api.post('/api/v1/device/updatepayment', {
        data: {
          user_id: reseller.id,
          plan: 'year',
          mac: device.id,
          name: 'Ana Client',
          phone: '+15550002222',
        },
      });
      for (const body of [
        { name: 'Kids', url: PLAYLIST_URL, isAccount: false, hasPin: true, pin: '2468' },
        { name: 'News', url: 'https://lists.example/news.m3u', isAccount: false, hasPin: false, pin: null },
      ]) {
        const added = await api.post('/api/v1/reseller/add_playlist', {
          data: { ...body, mac: activeMac, userId: reseller.id },
        });
        expect(added.status()).toBe(201);
      }
      await api.dispose();

      await signInToPanel(page, reseller.email, RESELLER_PASSWORD);
      await expect(page.getByText('Reseller Panel')).toBeVisible();

      const screens = [
        { name: 'home', path: '/dashboard/home', ready: 'section li' },
        { name: 'devices', path: '/dashboard/devices', ready: '.font-mono' },
        { name: 'check-mac', path: `/dashboard/check-mac?mac=${activeMac}`, ready: 'dl' },
        { name: 'activate-mac', path: `/dashboard/activate-mac?mac=${expiringMac}`, ready: 'dl' },
        { name: 'playlists', path: '/dashboard/playlists', ready: '.font-mono' },
      ];
      // SCREENSHOTS=1 keeps a picture of every screen in this test's output folder, to look at.
      const shots = process.env.SCREENSHOTS ? test.info().outputPath('screens') : null;

      {
        await context.addCookies([{ name: 'i18next', value: lng, url: baseURL as string }]);
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
          // Wide screens in dark (the axe sweep checks them light), narrow ones in light; both when taking pictures.
          const themes = shots
            ? (['light', 'dark'] as const)
            : width > 800
              ? (['dark'] as const)
              : (['light'] as const);
          for (const theme of themes) {
            await page.evaluate((value) => localStorage.setItem('theme', value), theme);
            for (const screen of screens) {
              await page.goto(screen.path);
              await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
              await expect(page.locator(`main ${screen.ready}`).first()).toBeVisible();
              await expectNoAxeViolations(page, `${screen.name} ${lng} ${width}px ${theme}`);
              if (shots) {
                await page.screenshot({
                  path: `${shots}/${screen.name}-${lng}-${width}-${theme}.png`,
                  fullPage: true,
                });
              }
            }
          }
        }
      }

      // The dialogs too.
      {
        const { width, theme } = dialogView;
        await context.addCookies([{ name: 'i18next', value: lng, url: baseURL as string }]);
        await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
        await page.evaluate((value) => localStorage.setItem('theme', value), theme);
        const shot = (name: string) =>
          shots ? page.screenshot({ path: `${shots}/dialog-${name}-${lng}-${width}-${theme}.png` }) : null;

        await page.goto(`/dashboard/activate-mac?mac=${expiringMac}`);
        await page.locator('main dl').first().waitFor();
        await page.locator('main button.w-full').click();
        const activation = page.getByRole('dialog');
        await activation.getByRole('radio').last().check();
        await expect(activation.locator('button[type="submit"]')).toBeEnabled();
        await expectNoAxeViolations(page);
        await shot('activation');

        await page.goto('/dashboard/playlists');
        await page.locator('main .font-mono').first().waitFor();
        await page
          .locator('main')
          .getByRole('button', { name: t(lng, 'panel-devices:playlists.add') })
          .click();
        const form = page.getByRole('dialog');
        await form.locator('input[type="checkbox"]').check();
        await form.locator('button[type="submit"]').click();
        await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
        await expectNoAxeViolations(page);
        await shot('playlist');

        await page.keyboard.press('Escape');
        await expect(form).toBeHidden();
        await page
          .locator('main')
          .getByRole('button', { name: tPattern(lng, 'panel-devices:playlists.unlockLabel') })
          .first()
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoAxeViolations(page);
        await shot('pin');
      }

      // An admin's Manage Devices adds the ban switch and the delete button.
      const adminContext = await browser.newContext({ baseURL });
      const adminPage = await adminContext.newPage();
      await signInToPanel(adminPage);
      await expect(adminPage.getByText('Admin Panel')).toBeVisible();
      {
        const { width, theme } = dialogView;
        await adminContext.addCookies([{ name: 'i18next', value: lng, url: baseURL as string }]);
        await adminPage.setViewportSize({ width, height: width > 800 ? 900 : 812 });
        await adminPage.evaluate((value) => localStorage.setItem('theme', value), theme);
        await adminPage.goto('/dashboard/devices');
        await expect(adminPage.getByRole('switch').first()).toBeVisible();
        await expectNoAxeViolations(adminPage);
        if (shots)
          await adminPage.screenshot({
            path: `${shots}/devices-admin-${lng}-${width}-${theme}.png`,
            fullPage: true,
          });
      }
      await adminContext.close();
    });
  }

  // SCREENSHOT_DIR=/some/folder keeps pictures of the ban confirmation, an Xtream account's row, the
  // not-found answer and the empty change-password form, to look at; skipped otherwise.
  test('screenshots for a visual review (SCREENSHOT_DIR=...)', async ({ browser, playwright, baseURL }) => {
    const dir = process.env.SCREENSHOT_DIR;
    test.skip(!dir, 'only when SCREENSHOT_DIR is set');
    test.setTimeout(300_000);
    const admin = await playwright.request.newContext({ baseURL });
    const reseller = await createReseller(admin, 10);
    const mac = randomMac();
    await registerDevice(admin, mac);
    const listed = await (await admin.get(`/api/v1/device/all?search=${encodeURIComponent(mac)}`)).json();
    await admin.put(`/api/v1/device/${listed.data[0].id}`, { data: { name: 'Ana Client', phone: null } });
    await admin.post('/api/v1/reseller/add_playlist', {
      data: {
        name: 'Sports',
        mac,
        isAccount: true,
        host: 'https://tv.example',
        username: 'bob',
        password: 's3cret',
        hasPin: false,
        pin: null,
      },
    });
    await admin.dispose();

    for (const theme of ['light', 'dark'] as const) {
      for (const lng of ['en', 'ar'] as const) {
        for (const width of [1280, 375]) {
          const context = await browser.newContext({ viewport: { width, height: width > 800 ? 800 : 812 } });
          await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
          await context.addCookies([{ name: 'i18next', value: lng, url: baseURL as string }]);
          const page = await context.newPage();
          const name = (what: string) => `${dir}/${what}-${lng}-${width}-${theme}.png`;
          await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN });

          await page.goto(`/dashboard/devices?search=${encodeURIComponent(mac)}`);
          await page.getByRole('switch').first().click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await settled(page);
          await page.screenshot({ path: name('ban-confirm') });
          await page.keyboard.press('Escape');

          await page.goto('/dashboard/playlists');
          // A table row on wide screens, a card on phones: the playlist's name is in both.
          await expect(page.getByRole('main').getByText('Sports').first()).toBeVisible();
          await settled(page);
          await page.screenshot({ path: name('playlists-account'), fullPage: true });

          await page.goto('/dashboard/passwordChange');
          await page
            .locator('main')
            .getByRole('button', { name: t(lng, 'panel:changePassword.submit') })
            .click();
          await expect(page.locator('[aria-invalid="true"]')).toHaveCount(3);
          await page.screenshot({ path: name('password-empty'), fullPage: true });

          await page.request.post('/api/v1/auth/login', {
            data: { email: reseller.email, password: RESELLER_PASSWORD },
          });
          // An unknown MAC: the same answer a reseller gets for another reseller's device.
          await page.goto(`/dashboard/check-mac?mac=${encodeURIComponent(randomMac())}`);
          await expect(page.locator('main h2').last()).toHaveText(t(lng, 'panel-devices:checkMac.notFound'));
          await settled(page);
          await page.screenshot({ path: name('check-mac-not-found'), fullPage: true });
          await context.close();
        }
      }
    }
  });
});
