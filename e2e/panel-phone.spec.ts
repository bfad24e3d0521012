import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  E2E_ADMIN,
  expectNoAxeViolations,
  randomMac,
  registerDevice,
  settled,
  signInToPanel,
  t,
  type Lng,
  resellerOption,
  isolateLtr,
} from './helpers';

const PHONE = { width: 375, height: 812 };

/** Nothing on the page is wider than the screen: no sideways scrolling to reach a control. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** The control is on screen, inside the viewport's width. */
async function expectWithinScreen(page: Page, name: string | RegExp, role: 'button' | 'switch' = 'button') {
  const control = page.getByRole(role, { name });
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  expect(box, `${String(name)} has a box`).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

/**
 * A row in each list the pictures show: a device with two playlists, a client, a reseller, a link, a message.
 * Answers the device's MAC.
 */
async function seedEveryList(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const api = context.request;
  const admin = (await (await api.post('/api/v1/auth/login', { data: E2E_ADMIN })).json()).data;
  const run = Date.now();
  const mac = randomMac();
  await registerDevice(api, mac);
  const device = (await (await api.post('/api/v1/client/device/check-mac', { data: { mac } })).json()).data;
  await api.post('/api/v1/device/updatepayment', {
    data: { user_id: admin.id, plan: 'year', mac: device.id, name: 'Ana Client', phone: '+15550002222' },
  });
  for (const body of [
    { name: 'Kids', url: 'https://lists.example/kids.m3u', isAccount: false, hasPin: true, pin: '2468' },
    { name: 'News', url: 'https://lists.example/news.m3u', isAccount: false, hasPin: false, pin: null },
  ]) {
    await api.post('/api/v1/reseller/add_playlist', { data: { ...body, mac, userId: admin.id } });
  }
  const clientMac = randomMac();
  await registerDevice(api, clientMac);
  await api.post('/api/v1/client/create-and-bind', {
    data: {
      name: 'Vera Visitor',
      email: `vera-${run}@e2e.test`,
      phone: '+15550004444',
      mac: clientMac,
      plan: '1year',
    },
  });
  await api.post('/api/v1/auth/sign_up_reseller', {
    data: {
      name: 'Rita Reseller',
      email: `rita-${run}@e2e.test`,
      password: 'reseller-pass',
      phone: '+15550001111',
      credits: 5,
    },
  });
  await api.post('/api/v1/link', {
    data: { version: '2.4.1', url: 'https://downloads.example/player-2.4.1.apk' },
  });
  await api.post('/api/v1/contact', {
    data: {
      name: 'Omar Visitor',
      email: `omar-${run}@e2e.test`,
      subject: 'Prices',
      message: 'What does a year cost?',
    },
  });
  await context.close();
  return mac;
}

test.describe('the panel on a phone', () => {
  test('the device list is cards at 375 px: ban, edit and delete are on screen and work', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    const mac = randomMac();
    await registerDevice(page.request, mac);
    await signInToPanel(page);
    await expect(page.getByText('Admin Panel')).toBeVisible();

    for (const lng of ['en', 'ar'] as Lng[]) {
      await context.addCookies([{ name: 'i18next', value: lng, url: baseURL as string }]);
      await page.goto(`/dashboard/devices?search=${encodeURIComponent(mac)}`);
      const list = page.getByRole('list', { name: t(lng, 'panel-devices:devices.table.caption') });
      const card = list.getByRole('listitem').filter({ hasText: mac });
      await expect(card).toBeVisible();
      // Each column is labelled on the card; status and expiry are there, not off-screen.
      await expect(card.getByRole('term')).toContainText(
        ['mac', 'client', 'plan', 'expiry', 'status'].map((id) =>
          t(lng, `panel-devices:devices.table.${id}`),
        ),
      );
      await expectWithinScreen(page, t(lng, 'panel-devices:devices.ban.switchLabel', { mac }), 'switch');
      await expectWithinScreen(page, t(lng, 'panel-devices:devices.edit.action', { mac }));
      await expectWithinScreen(page, t(lng, 'panel-devices:devices.delete.action', { mac }));
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `devices ${lng} 375px`);
    }

    // Use them, in English: ban, edit, delete.
    await context.addCookies([{ name: 'i18next', value: 'en', url: baseURL as string }]);
    await page.reload();
    await page.getByRole('switch', { name: `Device ${mac} active` }).click();
    await page
      .getByRole('dialog', { name: `Ban device ${isolateLtr(mac)}?` })
      .getByRole('button', { name: 'Ban device' })
      .click();
    await expect(page.getByText('Device banned')).toBeVisible();
    await expect(page.getByRole('switch', { name: `Device ${mac} active` })).not.toBeChecked();

    await page.getByRole('button', { name: `Edit device ${mac}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Device' });
    await edit.getByLabel('Client name').fill('Phone Client');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Device updated')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: mac })).toContainText('Phone Client');

    await page.getByRole('button', { name: `Delete device ${mac}` }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await confirm.getByRole('button', { name: 'Delete device' }).click();
    await expect(page.getByText('Device deleted')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: mac })).toHaveCount(0);
  });

  test('after activating on a phone the reseller sees the new balance: in the message and in the drawer', async ({
    page,
    context,
    baseURL,
    playwright,
  }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await admin.post('/api/v1/auth/login', { data: E2E_ADMIN });
    const email = `phone-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
    const password = 'reseller-e2e-password';
    const created = await admin.post('/api/v1/auth/sign_up_reseller', {
      data: { name: 'Pia Phone', email, password, phone: '+15550003333', credits: 5 },
    });
    expect(created.status()).toBe(201);
    const mac = randomMac();
    await registerDevice(admin, mac);
    await admin.dispose();

    await page.setViewportSize(PHONE);
    const dir = process.env.SCREENSHOT_DIR;
    for (const [lng, theme] of [
      ['en', 'light'],
      ['ar', 'dark'],
    ] as const) {
      await context.addCookies([{ name: 'i18next', value: lng, url: baseURL as string }]);
      await page.emulateMedia({ colorScheme: theme });
      if (lng === 'en') {
        await signInToPanel(page, email, password);
        await expect(page.getByText('Reseller Panel')).toBeVisible();
      }
      const balance = lng === 'en' ? '4' : '3';
      await page.goto(`/dashboard/activate-mac?mac=${encodeURIComponent(mac)}`);
      await page.getByRole('button', { name: t(lng, 'panel-devices:activate.button') }).click();
      const dialog = page.getByRole('dialog', { name: t(lng, 'panel-devices:activate.dialogTitle') });
      await dialog
        .getByRole('radio', { name: new RegExp(t(lng, 'panel-devices:activate.plans.year')) })
        .check();
      await dialog.getByRole('button', { name: t(lng, 'panel-devices:activate.confirm') }).click();
      await expect(
        page.getByText(t(lng, 'panel-devices:activate.newBalance', { value: balance })),
      ).toBeVisible();
      await expectNoAxeViolations(page, `activation message ${lng} 375px`);
      if (dir) await page.screenshot({ path: `${dir}/activation-toast-${lng}-375-${theme}.png` });

      await page.getByRole('button', { name: t(lng, 'panel:shell.openNavigation') }).click();
      const drawer = page.getByRole('dialog', { name: t(lng, 'panel:shell.navigation') });
      await expect(drawer.getByText(t(lng, 'panel:shell.creditsBadge', { value: balance }))).toBeVisible();
      await settled(page);
      await expectNoAxeViolations(page, `drawer ${lng} 375px`);
      if (dir) await page.screenshot({ path: `${dir}/drawer-${lng}-375-${theme}.png` });
      await page.keyboard.press('Escape');
    }
  });

  test('on a phone a reseller transfers credits to a sub-reseller: confirmation, success message, new balances', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const lng: Lng = 'en';
    const run = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const password = 'reseller-e2e-password';
    const reseller = { name: 'Tara Transfer', email: `tara-${run}@e2e.test` };
    const sub = { name: 'Sol Subreseller', email: `sol-${run}@e2e.test` };

    // The admin gives the reseller 10 credits; the reseller creates an empty sub-reseller.
    const admin = await playwright.request.newContext({ baseURL });
    await admin.post('/api/v1/auth/login', { data: E2E_ADMIN });
    const created = await admin.post('/api/v1/auth/sign_up_reseller', {
      data: { ...reseller, password, phone: '+15550005555', credits: 10 },
    });
    expect(created.status()).toBe(201);
    await admin.dispose();
    const api = await playwright.request.newContext({ baseURL });
    await api.post('/api/v1/auth/login', { data: { email: reseller.email, password } });
    const createdSub = await api.post('/api/v1/auth/sign_up_reseller', {
      data: { ...sub, password, phone: '+15550006666', credits: 0 },
    });
    expect(createdSub.status()).toBe(201);
    await api.dispose();

    await page.setViewportSize(PHONE);
    await signInToPanel(page, reseller.email, password);
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await expect(page.getByText(t(lng, 'panel:shell.resellerTitle'))).toBeVisible();
    await expect(
      page.getByRole('region', { name: t(lng, 'panel-devices:dashboard.overview') }),
    ).toBeVisible();

    // To Credits through the drawer, as on a phone.
    await page.getByRole('button', { name: t(lng, 'panel:shell.openNavigation') }).click();
    const drawer = page.getByRole('dialog', { name: t(lng, 'panel:shell.navigation') });
    await expect(drawer).toBeVisible();
    await settled(page);
    const group = drawer.getByRole('button', { name: t(lng, 'panel:nav.subResellers') });
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
    await drawer.getByRole('link', { name: t(lng, 'panel:nav.credits'), exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(
      page.getByRole('heading', { name: t(lng, 'panel-network:credits.title'), level: 1 }),
    ).toBeVisible();

    const credits = (value: number) =>
      t(lng, `panel-network:credits.count_${value === 1 ? 'one' : 'other'}`, { formatted: value });
    await page
      .getByLabel(t(lng, 'panel-network:credits.form.reseller'), { exact: true })
      .selectOption({ label: resellerOption(lng, sub) });
    await page.getByLabel(t(lng, 'panel-network:credits.form.amount')).fill('3');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, `credits form ${lng} 375px`);
    await page.getByRole('button', { name: t(lng, 'panel-network:credits.form.submitAdd') }).click();

    // The confirmation says what moves and both balances before and after.
    const dialog = page.getByRole('dialog', { name: t(lng, 'panel-network:credits.confirm.title') });
    await expect(dialog).toContainText(
      t(lng, 'panel-network:credits.confirm.transfer', { amount: credits(3), name: sub.name }),
    );
    await expect(dialog).toContainText(t(lng, 'panel-network:credits.confirm.change', { from: 0, to: 3 }));
    await expect(dialog).toContainText(t(lng, 'panel-network:credits.confirm.change', { from: 10, to: 7 }));
    await settled(page);
    await expectWithinScreen(page, t(lng, 'panel-network:credits.confirm.submit'));
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, `transfer confirmation ${lng} 375px`);
    await dialog.getByRole('button', { name: t(lng, 'panel-network:credits.confirm.submit') }).click();
    await expect(dialog).toBeHidden();

    // The success message names the sub-reseller's new balance; the transfer is in the recent list.
    await expect(page.getByText(t(lng, 'panel-network:credits.transferred'), { exact: true })).toBeVisible();
    await expect(
      page.getByText(t(lng, 'panel-network:credits.newBalance', { name: sub.name, value: credits(3) })),
    ).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: t(lng, 'panel-network:credits.recent.title') })
        .getByText(t(lng, 'panel-network:credits.recent.kinds.sentTo', { name: sub.name })),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, `transfer done ${lng} 375px`);

    // The reseller's own balance, in the drawer, is already down to 7.
    await page.getByRole('button', { name: t(lng, 'panel:shell.openNavigation') }).click();
    await expect(drawer.getByText(t(lng, 'panel:shell.creditsBadge', { value: 7 }))).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('at 1280 px the playlists table fits its box: long names and addresses leave the actions whole', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const mac = randomMac();
    await registerDevice(page.request, mac);
    const admin = (await (await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN })).json()).data;
    const name = `Sports, international news and films ${Date.now()}`;
    const url = `https://lists.example/${'very-long-path-segment/'.repeat(8)}playlist.m3u`;
    for (const body of [
      { name, url, isAccount: false, hasPin: false, pin: null },
      { name: `${name} (locked)`, url, isAccount: false, hasPin: true, pin: '2468' },
    ]) {
      const added = await page.request.post('/api/v1/reseller/add_playlist', {
        data: { ...body, mac, userId: admin.id },
      });
      expect(added.status()).toBe(201);
    }

    for (const lng of ['en', 'fr', 'ar'] as Lng[]) {
      await context.addCookies([{ name: 'i18next', value: lng, url: baseURL as string }]);
      await page.goto('/dashboard/playlists');
      const table = page.getByRole('table', { name: t(lng, 'panel-devices:playlists.table.caption') });
      await expect(table.getByRole('row').filter({ hasText: mac }).first()).toBeVisible();
      // The box does not scroll: the table is no wider than it.
      const fits = await table.evaluate((element) => {
        const box = element.parentElement as HTMLElement;
        return box.scrollWidth <= box.clientWidth;
      });
      expect(fits, `playlists table fits its box in ${lng}`).toBe(true);
      const box = (await table.boundingBox())!;
      const actions = (await table
        .getByRole('columnheader', { name: t(lng, 'panel-devices:playlists.table.actions') })
        .boundingBox())!;
      expect(actions.x).toBeGreaterThanOrEqual(box.x);
      expect(actions.x + actions.width).toBeLessThanOrEqual(box.x + box.width + 1);
      await expect(
        table.getByRole('button', {
          name: t(lng, 'panel-devices:playlists.unlockLabel', { name: `${name} (locked)` }),
        }),
      ).toBeInViewport({ ratio: 1 });
      await expect(
        table.getByRole('button', { name: t(lng, 'panel-devices:playlists.deleteLabel', { name }) }),
      ).toBeInViewport({ ratio: 1 });
    }
  });

  test('every panel and device page passes axe in French at 375 px', async ({ page, context, baseURL }) => {
    test.setTimeout(300_000);
    const lng: Lng = 'fr';
    const mac = await seedEveryList(context.browser()!);
    const newMac = randomMac();
    await registerDevice(page.request, newMac);
    await page.setViewportSize(PHONE);
    await context.addCookies([{ name: 'i18next', value: lng, url: baseURL as string }]);
    const main = page.getByRole('main');
    const loading = page.getByRole('status').filter({ hasText: t(lng, 'common:status.loading') });

    // The panel, signed in as the admin, who sees every screen.
    await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN });
    const screens = [
      {
        path: '/dashboard/home',
        ready: page.getByRole('region', { name: t(lng, 'panel-devices:dashboard.overview') }),
      },
      { path: `/dashboard/devices?search=${encodeURIComponent(mac)}`, ready: main.getByText(mac).first() },
      { path: `/dashboard/check-mac?mac=${encodeURIComponent(mac)}`, ready: main.getByRole('term').first() },
      {
        path: `/dashboard/activate-mac?mac=${encodeURIComponent(newMac)}`,
        ready: main.getByRole('button', { name: t(lng, 'panel-devices:activate.button') }),
      },
      { path: '/dashboard/playlists', ready: main.getByText('Kids').first() },
      {
        path: '/dashboard/bulk-activation',
        ready: main.getByRole('button', { name: t(lng, 'panel-devices:bulk.input.preview') }),
      },
      {
        path: '/dashboard/device-messages',
        ready: main.getByRole('button', { name: t(lng, 'panel-devices:deviceMessages.add') }),
      },
      { path: '/dashboard/clients', ready: main.getByText('Vera Visitor').first() },
      { path: '/dashboard/messages', ready: main.getByText('Omar Visitor').first() },
      { path: '/dashboard/resellers', ready: main.getByText('Rita Reseller').first() },
      {
        path: '/dashboard/credits',
        ready: main.getByRole('list', { name: t(lng, 'panel-network:credits.recent.title') }),
      },
      { path: '/dashboard/links', ready: main.getByRole('link', { name: /player-2\.4\.1/ }).first() },
      {
        path: '/dashboard/api-keys',
        ready: main.getByRole('button', { name: t(lng, 'panel-network:apiKeys.add') }),
      },
      {
        path: '/dashboard/passwordChange',
        ready: main.getByLabel(t(lng, 'panel:changePassword.current'), { exact: true }),
      },
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(screen.ready).toBeVisible();
      await expect(loading).toHaveCount(0);
      await expectNoAxeViolations(page, `${screen.path} ${lng} 375px`);
    }

    // The device pages: signed out, with the form's messages showing, then signed in.
    const device = (key: string, values?: Record<string, string>) => t(lng, `device:${key}`, values);
    await page.goto(`/account/add-playlist?lng=${lng}`);
    await page.getByRole('button', { name: device('form.add') }).click();
    await expect(page.getByText(device('validation.mac-required'))).toBeVisible();
    await expectNoAxeViolations(page, `/account/add-playlist ${lng} 375px`);

    const viewer = await registerDevice(page.request, randomMac());
    await page.goto(`/account/view?lng=${lng}`);
    await page.getByRole('button', { name: device('login.submit') }).click();
    await expect(page.getByText(device('validation.mac-required'))).toBeVisible();
    await expectNoAxeViolations(page, `/account/view signed out ${lng} 375px`);
    await page.getByLabel(device('login.mac')).fill(viewer.mac);
    await page.getByLabel(device('login.key'), { exact: true }).fill(viewer.key);
    await page.getByRole('button', { name: device('login.submit') }).click();
    await expect(page.getByRole('heading', { name: device('dashboard.welcome'), level: 1 })).toBeVisible();
    await page.request.post(`/api/v1/playlist/${viewer.mac}`, {
      data: {
        name: 'News',
        url: 'http://lists.example/news.m3u',
        isAccount: false,
        hasPin: true,
        pin: '4321',
      },
    });
    await page.getByRole('button', { name: device('dashboard.reload') }).click();
    await expect(page.getByRole('heading', { name: 'News', level: 3 })).toBeVisible();
    await expectNoAxeViolations(page, `/account/view signed in ${lng} 375px`);
    await page.getByRole('button', { name: device('playlists.add') }).click();
    await expect(page.getByRole('region', { name: device('form.addTitle') })).toBeVisible();
    await expectNoAxeViolations(page, `/account/view add form ${lng} 375px`);
  });

  test('screenshots for a visual review (SCREENSHOT_DIR=...)', async ({ browser }) => {
    const dir = process.env.SCREENSHOT_DIR;
    test.skip(!dir, 'only when SCREENSHOT_DIR is set');
    test.setTimeout(600_000);
    await seedEveryList(browser);
    for (const theme of ['light', 'dark'] as const) {
      for (const lng of ['en', 'ar'] as const) {
        for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
          const context = await browser.newContext({ viewport });
          await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
          const page = await context.newPage();
          await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN });
          for (const path of ['devices', 'playlists', 'clients', 'resellers', 'links', 'messages']) {
            await page.goto(`/dashboard/${path}?lng=${lng}`);
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
            await settled(page);
            await page.screenshot({
              // lists-*: panel-network.spec.ts photographs some of the same pages without rows.
              path: `${dir}/lists-${path}-${lng}-${viewport.width}-${theme}.png`,
              fullPage: true,
            });
          }
          await context.close();
        }
      }
    }
  });
});
