import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  E2E_ADMIN,
  expectNoAxeViolations,
  gotoHydrated,
  randomMac,
  registerDevice,
  settled,
  t,
  tPattern,
  type Lng,
  isolateLtr,
  resellerOption,
} from './helpers';

/**
 * axe over every panel page and every dialog, menu and confirmation on them, in English, French and
 * Arabic (1280 px, light; the phone widths have their own specs), then the device page as a viewer
 * sees it. Each language is a test of its own with its own data, made through the API.
 */

const VIEWPORT = { width: 1280, height: 800 };
const RESELLER_PASSWORD = 'reseller-e2e-password';

async function ok(answer: Promise<APIResponse>, what: string) {
  const response = await answer;
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as { data: Record<string, unknown> & { id: number } };
}

/** A page in a context of its own, in `lng`, light, at 1280 px. */
async function newPage(browser: Browser, baseURL: string, lng: Lng): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light' });
  await context.addCookies([{ name: 'i18next', value: lng, url: baseURL }]);
  return context.newPage();
}

/**
 * What one test shows: a reseller, a device activated for a year with a playlist and a message, a
 * device not activated yet, a pending client registration, a link, a contact message and an API key.
 */
async function seed(request: APIRequestContext, lng: Lng) {
  const run = `${lng}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  const admin = (await ok(request.post('/api/v1/auth/login', { data: E2E_ADMIN }), 'admin login')).data;

  const reseller = {
    name: `Axe Reseller ${run}`,
    email: `axe-reseller-${run}@e2e.test`,
    password: RESELLER_PASSWORD,
  };
  await ok(
    request.post('/api/v1/auth/sign_up_reseller', {
      data: { ...reseller, phone: '+15550001111', credits: 5 },
    }),
    'reseller',
  );

  const active = await registerDevice(request, randomMac());
  const device = (
    await ok(request.post('/api/v1/client/device/check-mac', { data: { mac: active.mac } }), 'check-mac')
  ).data;
  await ok(
    request.post('/api/v1/device/updatepayment', {
      data: { user_id: admin.id, plan: 'year', mac: device.id, name: 'Ana Client', phone: '+15550002222' },
    }),
    'activation',
  );
  const playlist = `Axe List ${run}`;
  await ok(
    request.post('/api/v1/reseller/add_playlist', {
      data: {
        name: playlist,
        url: `https://lists.example/axe-${run}.m3u`,
        isAccount: false,
        hasPin: false,
        pin: null,
        mac: active.mac,
        userId: admin.id,
      },
    }),
    'playlist',
  );
  await ok(
    request.post('/api/v1/device-messages', {
      data: {
        texts: { en: `Axe message ${run}`, fr: '', ar: '' },
        days: 7,
        target: { to: 'device', mac: active.mac },
      },
    }),
    'device message',
  );

  const inactive = await registerDevice(request, randomMac());

  const client = `Vera Axe ${run}`;
  const clientMac = randomMac();
  await registerDevice(request, clientMac);
  const registration = await request.post('/api/v1/client/create-and-bind', {
    data: {
      name: client,
      email: `vera-${run}@e2e.test`,
      phone: '+15550004444',
      mac: clientMac,
      plan: '1year',
    },
  });
  expect(registration.status(), await registration.text()).toBe(201);

  const linkVersion = `axe-${run}`;
  await ok(
    request.post('/api/v1/link', {
      data: { version: linkVersion, url: `https://downloads.example/player-${run}.apk` },
    }),
    'link',
  );
  await ok(
    request.post('/api/v1/contact', {
      data: {
        name: 'Omar Visitor',
        email: `omar-${run}@e2e.test`,
        subject: `Prices ${run}`,
        message: 'What does a year cost?',
      },
    }),
    'contact message',
  );
  const apiKey = { name: `Axe key ${run}`, id: 0 };
  apiKey.id = (
    await ok(
      request.post('/api/v1/api-keys', { data: { name: apiKey.name, scopes: ['devices:read'] } }),
      'key',
    )
  ).data.id;

  return { run, reseller, active, inactive, playlist, client, linkVersion, apiKey };
}

// Three independent tests (each makes its own data): they may run on both workers at once. Each
// visits every page, dialog and menu: 4-5 minutes on a slow 2-core machine beside the other worker.
test.describe.configure({ mode: 'parallel', timeout: 600_000 });

for (const lng of ['en', 'fr', 'ar'] as const) {
  test(`axe: every panel page, dialog and menu, and the device page (${lng})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(600_000);
    const base = baseURL as string;
    const dir = lng === 'ar' ? 'rtl' : 'ltr';
    const cancel = t(lng, 'common:actions.cancel');

    /** axe, after the mouse moves (the panel signs out after two idle minutes) and animations end. */
    const axe = async (page: Page, what: string) => {
      await page.mouse.move(4, 4);
      await page.mouse.move(6, 6);
      await settled(page);
      await expectNoAxeViolations(page, `${what} (${lng}, 1280 px)`);
    };

    /** A panel page, loaded: its heading shown, no list or spinner still loading. */
    const open = async (page: Page, path: string, ready?: (page: Page) => Locator) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.locator('main').getByRole('heading', { level: 1 })).toBeVisible();
      if (ready) await expect(ready(page).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
      await expect(page.locator('main .animate-spin')).toHaveCount(0);
    };

    /** Clicks `trigger`, checks the dialog it opens with axe, then closes it with `closeWith` (or Escape). */
    const dialogCheck = async (
      page: Page,
      trigger: Locator,
      what: string,
      { name, closeWith = cancel }: { name?: string; closeWith?: string | null } = {},
    ) => {
      await trigger.click();
      const dialog = page.getByRole('dialog', name ? { name } : undefined);
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('.animate-spin')).toHaveCount(0);
      await axe(page, what);
      if (closeWith === null) await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: closeWith, exact: true }).click();
      await expect(dialog).toBeHidden();
    };

    // Signed out: the panel's address shows the sign-in form, the cursor in the e-mail field.
    {
      const page = await newPage(browser, base, lng);
      await page.goto('/dashboard');
      const email = page.getByLabel(t(lng, 'panel:signIn.email'));
      await expect(email).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(email).toBeFocused();
      await axe(page, 'panel sign-in');
      await page.context().close();
    }

    // The admin, signed in through the API on the page's own context (the page shares the cookie).
    const page = await newPage(browser, base, lng);
    const data = await seed(page.request, lng);
    const main = page.locator('main');

    await open(page, '/dashboard/home', (p) =>
      p.getByRole('region', { name: t(lng, 'panel-devices:dashboard.overview') }),
    );
    await axe(page, 'home');

    // The header's menus.
    await page.keyboard.press('F8');
    await expect(page.getByRole('menu')).toBeVisible();
    await axe(page, 'notifications menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await page
      .getByRole('button', {
        name: t(lng, 'common:language.trigger', { language: t(lng, `common:languages.${lng}`) }),
      })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    await axe(page, 'language menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();

    // Manage Devices, filtered to the activated device: edit, delete and ban, each cancelled.
    const mac = data.active.mac;
    await open(page, `/dashboard/devices?search=${encodeURIComponent(mac)}`, (p) =>
      p.locator('main').getByText(mac),
    );
    await axe(page, 'devices');
    await dialogCheck(
      page,
      main.getByRole('button', { name: t(lng, 'panel-devices:devices.edit.action', { mac }) }),
      'edit device dialog',
      { name: t(lng, 'panel-devices:devices.edit.title') },
    );
    await dialogCheck(
      page,
      main.getByRole('button', { name: t(lng, 'panel-devices:devices.delete.action', { mac }) }),
      'delete device confirmation',
      { name: t(lng, 'panel-devices:devices.delete.title') },
    );
    const banSwitch = main.getByRole('switch', {
      name: t(lng, 'panel-devices:devices.ban.switchLabel', { mac }),
    });
    await dialogCheck(page, banSwitch, 'ban device confirmation', {
      name: t(lng, 'panel-devices:devices.ban.confirmTitle', { mac: isolateLtr(mac) }),
    });
    await expect(banSwitch).toBeChecked();

    await open(page, `/dashboard/check-mac?mac=${encodeURIComponent(mac)}`, (p) => p.locator('main dl'));
    await axe(page, 'check-mac');

    // Activate MAC, on the device not activated yet: the plan dialog, cancelled.
    await open(page, `/dashboard/activate-mac?mac=${encodeURIComponent(data.inactive.mac)}`, (p) =>
      p.locator('main dl'),
    );
    await axe(page, 'activate-mac');
    await dialogCheck(
      page,
      main.getByRole('button', { name: t(lng, 'panel-devices:activate.button') }),
      'activation dialog',
      { name: t(lng, 'panel-devices:activate.dialogTitle') },
    );

    await open(page, '/dashboard/bulk-activation');
    await axe(page, 'bulk-activation');

    // Playlists: add, edit and delete, each cancelled.
    await open(page, '/dashboard/playlists', (p) => p.locator('main').getByText(data.playlist));
    await axe(page, 'playlists');
    await dialogCheck(
      page,
      main.getByRole('button', { name: t(lng, 'panel-devices:playlists.add'), exact: true }),
      'add playlist dialog',
      { name: t(lng, 'panel-devices:playlists.form.addTitle') },
    );
    await dialogCheck(
      page,
      main.getByRole('button', {
        name: t(lng, 'panel-devices:playlists.editLabel', { name: data.playlist }),
      }),
      'edit playlist dialog',
      { name: t(lng, 'panel-devices:playlists.form.editTitle') },
    );
    await dialogCheck(
      page,
      main.getByRole('button', {
        name: t(lng, 'panel-devices:playlists.deleteLabel', { name: data.playlist }),
      }),
      'delete playlist confirmation',
      { name: t(lng, 'panel-devices:playlists.delete.title') },
    );

    // Messages to devices: the list, the compose form and the withdraw confirmation.
    await open(page, '/dashboard/device-messages', (p) =>
      p.locator('main').getByText(`Axe message ${data.run}`),
    );
    await axe(page, 'device-messages');
    await dialogCheck(
      page,
      main.getByRole('button', { name: t(lng, 'panel-devices:deviceMessages.add'), exact: true }),
      'new device message form',
      { name: t(lng, 'panel-devices:deviceMessages.form.title') },
    );
    await dialogCheck(
      page,
      main
        .getByRole('row')
        .filter({ hasText: `Axe message ${data.run}` })
        .getByRole('button', { name: tPattern(lng, 'panel-devices:deviceMessages.withdrawLabel') }),
      'withdraw message confirmation',
      { name: t(lng, 'panel-devices:deviceMessages.withdrawConfirm.title') },
    );

    await open(page, '/dashboard/activity', (p) => p.locator('main table'));
    await axe(page, 'activity');

    // Client registrations: the pending one's review dialog, closed without a decision.
    await open(page, `/dashboard/clients?search=${encodeURIComponent(data.client)}`, (p) =>
      p.locator('main').getByText(data.client),
    );
    await axe(page, 'clients');
    await dialogCheck(
      page,
      main.getByRole('button', { name: t(lng, 'panel-network:clients.reviewLabel', { name: data.client }) }),
      'client review dialog',
      { name: t(lng, 'panel-network:clients.detail.title'), closeWith: null },
    );

    await open(page, '/dashboard/messages', (p) => p.locator('main table'));
    await axe(page, 'contact messages');

    // Resellers, searched down to this test's: add, edit and ban, each cancelled.
    await open(page, '/dashboard/resellers', (p) => p.locator('main table'));
    await main.getByLabel(t(lng, 'panel-network:resellers.searchLabel'), { exact: true }).fill(data.run);
    await expect(main.getByText(data.reseller.name)).toBeVisible();
    await axe(page, 'resellers');
    await dialogCheck(
      page,
      main.getByRole('button', { name: t(lng, 'panel-network:resellers.add'), exact: true }),
      'add reseller dialog',
      { name: t(lng, 'panel-network:resellers.form.createTitle') },
    );
    await dialogCheck(
      page,
      main.getByRole('button', {
        name: t(lng, 'panel-network:resellers.edit', { name: data.reseller.name }),
      }),
      'edit reseller dialog',
      { name: t(lng, 'panel-network:resellers.form.editTitle') },
    );
    await dialogCheck(
      page,
      main.getByRole('button', {
        name: t(lng, 'panel-network:resellers.banLabel', { name: data.reseller.name }),
      }),
      'ban reseller confirmation',
      { name: t(lng, 'panel-network:resellers.banConfirm.title', { name: data.reseller.name }) },
    );

    // Credits: the form filled in, and its confirmation, cancelled.
    await open(page, '/dashboard/credits');
    await axe(page, 'credits');
    await main
      .getByLabel(t(lng, 'panel-network:credits.form.reseller'), { exact: true })
      .selectOption({ label: resellerOption(lng, data.reseller) });
    await main.getByLabel(t(lng, 'panel-network:credits.form.amount')).fill('1');
    await axe(page, 'credits form filled in');
    await dialogCheck(
      page,
      main.getByRole('button', { name: t(lng, 'panel-network:credits.form.submitAdd') }),
      'credit transfer confirmation',
      {
        name: t(lng, 'panel-network:credits.confirm.title'),
        closeWith: t(lng, 'panel-network:common.cancel'),
      },
    );

    // Applications: add and edit a link, each cancelled.
    const linkLabel = t(lng, 'panel-network:links.linkLabel', { version: data.linkVersion });
    await open(page, '/dashboard/links', (p) => p.locator('main table'));
    await axe(page, 'links');
    await dialogCheck(
      page,
      main.getByRole('button', { name: t(lng, 'panel-network:links.add'), exact: true }),
      'add link dialog',
      { name: t(lng, 'panel-network:links.form.createTitle') },
    );
    await dialogCheck(
      page,
      main.getByRole('button', { name: t(lng, 'panel-network:links.edit', { label: linkLabel }) }),
      'edit link dialog',
      { name: t(lng, 'panel-network:links.form.editTitle') },
    );

    // API & webhooks: a new key's form, a key's revoke confirmation, a new endpoint's form.
    await open(page, '/dashboard/api-keys', (p) => p.locator('main').getByText(data.apiKey.name));
    await axe(page, 'api-keys');
    await dialogCheck(
      page,
      main.getByRole('button', { name: t(lng, 'panel-network:apiKeys.add'), exact: true }),
      'create API key form',
      { name: t(lng, 'panel-network:apiKeys.form.title') },
    );
    await dialogCheck(
      page,
      main.getByRole('button', {
        name: t(lng, 'panel-network:apiKeys.revokeLabel', { name: data.apiKey.name }),
      }),
      'revoke API key confirmation',
      { name: t(lng, 'panel-network:apiKeys.revokeConfirm.title', { name: data.apiKey.name }) },
    );
    await dialogCheck(
      page,
      page
        .getByRole('region', { name: t(lng, 'panel-network:webhooks.title') })
        .getByRole('button', { name: t(lng, 'panel-network:webhooks.add'), exact: true }),
      'add webhook endpoint form',
      { name: t(lng, 'panel-network:webhooks.form.title') },
    );

    await open(page, '/dashboard/passwordChange', (p) =>
      p.getByRole('region', { name: t(lng, 'panel-two-factor:section.title') }),
    );
    await axe(page, 'account (passwordChange)');

    // The admin's key is revoked again: nothing of this test stays usable.
    await ok(page.request.delete(`/api/v1/api-keys/${data.apiKey.id}`), 'revoke key');
    await page.context().close();

    // Two-factor set-up, started and cancelled by the reseller (the shared admin's account stays as it is).
    {
      const reseller = await newPage(browser, base, lng);
      await ok(
        reseller.request.post('/api/v1/auth/login', {
          data: { email: data.reseller.email, password: data.reseller.password },
        }),
        'reseller login',
      );
      await open(reseller, '/dashboard/passwordChange');
      const section = reseller.getByRole('region', { name: t(lng, 'panel-two-factor:section.title') });
      await section.getByRole('button', { name: t(lng, 'panel-two-factor:section.start') }).click();
      await expect(section.getByTestId('totp-secret')).toHaveText(/^[A-Z2-7]{32}$/);
      await expect(section.getByRole('img')).toBeVisible();
      await axe(reseller, 'two-factor set-up');
      await section
        .getByRole('button', { name: t(lng, 'panel-two-factor:setup.cancel'), exact: true })
        .click();
      await expect(
        section.getByRole('button', { name: t(lng, 'panel-two-factor:section.start') }),
      ).toBeVisible();
      await reseller.context().close();
    }

    // The device page, as the viewer of the activated device sees it.
    {
      const viewer = await newPage(browser, base, lng);
      const device = (key: string, values?: Record<string, string>) => t(lng, `device:${key}`, values);
      await gotoHydrated(viewer, '/account/view');
      await expect(viewer.locator('html')).toHaveAttribute('dir', dir);
      await expect(viewer.getByRole('heading', { name: device('login.title') })).toBeVisible();
      await axe(viewer, 'device page, signed out');

      await viewer.getByLabel(device('login.mac')).fill(data.active.mac);
      await viewer.getByLabel(device('login.key'), { exact: true }).fill(data.active.key);
      await viewer.getByRole('button', { name: device('login.submit'), exact: true }).click();
      await expect(
        viewer.getByRole('heading', { name: device('dashboard.welcome'), level: 1 }),
      ).toBeVisible();
      await expect(viewer.getByRole('heading', { name: data.playlist, level: 3 })).toBeVisible();
      await axe(viewer, 'device page, signed in');

      await viewer
        .getByRole('tablist', { name: device('dashboard.tabsLabel') })
        .getByRole('tab', { name: device('dashboard.tabs.account') })
        .click();
      await expect(viewer.getByRole('tabpanel', { name: device('dashboard.tabs.account') })).toBeVisible();
      await axe(viewer, 'device page, account tab');

      await gotoHydrated(viewer, '/account/add-playlist');
      await expect(
        viewer.getByRole('heading', { name: device('pages.addPlaylist.title'), level: 1 }),
      ).toBeVisible();
      await axe(viewer, 'add-playlist page');

      await gotoHydrated(viewer, '/pair');
      await expect(viewer.getByRole('heading', { name: device('pair.form.title') })).toBeVisible();
      await axe(viewer, 'pair page, code form');

      const pairing = await ok(
        viewer.request.post('/api/v1/device/pairing', {
          data: { mac: data.inactive.mac, cle_mac: data.inactive.key },
        }),
        'pairing code',
      );
      await gotoHydrated(viewer, `/pair?code=${String(pairing.data.code)}`);
      await expect(viewer.getByTestId('pairing-mac')).toBeVisible();
      await axe(viewer, 'pair page, device found');
      await viewer.context().close();
    }
  });
}
