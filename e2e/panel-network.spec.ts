import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  E2E_ADMIN,
  expectNoAxeViolations,
  randomMac,
  registerDevice,
  settled,
  signInToPanel,
  t,
  resellerOption,
} from './helpers';

/**
 * One run's people: names and e-mails are unique, so the spec can run against a database that is not
 * fresh, and a retry (a new worker, a new `run`) does not find the first attempt's rows in the tables.
 */
const run = Date.now().toString(36);
/** A version unique to this run, so a retry on the same database finds its own link only. */
const linkVersion = `9.9-${run}`;
const RITA = { name: `Rita Network ${run}`, email: `rita-${run}@e2e.test`, password: 'rita-password-1' };
const OTHER = { name: `Oscar Other ${run}`, email: `oscar-${run}@e2e.test`, password: 'oscar-password-1' };
const SAM = { name: `Sam Subreseller ${run}`, email: `sam-${run}@e2e.test`, password: 'sam-password-1' };
const LINK_URL = `https://downloads.example.com/player-${run}.apk`;

async function newSignedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInToPanel(page, email, password);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  return page;
}

/** The sidebar, as a person would use it (the Sub-Resellers group opens first for non-admins). */
async function openFromSidebar(page: Page, label: string, group?: string) {
  const nav = page.getByRole('navigation', { name: 'Panel navigation' });
  if (group) {
    const toggle = nav.getByRole('button', { name: group });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  }
  await nav.getByRole('link', { name: label, exact: true }).click();
}

async function addReseller(
  page: Page,
  person: { name: string; email: string; password: string },
  buttonName: string,
) {
  await page.getByRole('button', { name: buttonName }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Full name').fill(person.name);
  await dialog.getByLabel('E-mail').fill(person.email);
  await dialog.getByLabel('Password', { exact: true }).fill(person.password);
  await dialog.getByLabel('Phone').fill('+15550001111');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table').getByText(person.name)).toBeVisible();
}

async function transfer(page: Page, person: { name: string; email: string }, credits: number) {
  await expect(page.getByRole('heading', { name: 'Transfer Credits', level: 1 })).toBeVisible();
  await page.getByLabel('Reseller', { exact: true }).selectOption({ label: resellerOption('en', person) });
  await page.getByLabel('Amount of credits').fill(String(credits));
  await page.getByRole('button', { name: 'Transfer credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the transfer' });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${person.name} now has`)).toBeVisible();
}

test.describe.serial('reseller network', () => {
  test('admin -> reseller -> sub-reseller credits, and a registration approved from a notification', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);

    // An admin creates two resellers and gives the first 10 credits.
    const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    await openFromSidebar(admin, 'Resellers');
    await expect(admin.getByRole('heading', { name: 'Reseller Management', level: 1 })).toBeVisible();
    await addReseller(admin, RITA, 'Add Reseller');
    await addReseller(admin, OTHER, 'Add Reseller');

    await openFromSidebar(admin, 'Credits');
    await transfer(admin, RITA, 10);
    await expect(
      admin.getByRole('list', { name: 'Recent transactions' }).getByText(`Added to ${RITA.name}`),
    ).toBeVisible();

    // ...and publishes an application link.
    await openFromSidebar(admin, 'Applications');
    await admin.getByRole('button', { name: 'Add link' }).click();
    await admin.getByRole('dialog').getByLabel('Version (optional)').fill(linkVersion);
    await admin.getByRole('dialog').getByLabel('Link', { exact: true }).fill(LINK_URL);
    await admin.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByRole('link', { name: new RegExp(`player-${run}`) })).toBeVisible();

    // The reseller signs in with 10 credits, creates a sub-reseller and gives it 3.
    const rita = await newSignedInPage(browser, RITA.email, RITA.password);
    await expect(rita.getByText('Reseller Panel')).toBeVisible();
    await expect(rita.getByText('Credits: 10')).toBeVisible();
    await openFromSidebar(rita, 'View Resellers', 'Sub-Resellers');
    await expect(rita.getByRole('heading', { name: 'Sub-Resellers', level: 1 })).toBeVisible();
    await expect(rita.getByText('No resellers found')).toBeVisible();
    await addReseller(rita, SAM, 'Add Sub-Reseller');
    await expect(rita.getByRole('table').getByText(OTHER.name)).toHaveCount(0);

    await openFromSidebar(rita, 'Credits', 'Sub-Resellers');
    await expect(rita.getByRole('radio', { name: 'Remove' })).toHaveCount(0);
    await transfer(rita, SAM, 3);
    // Its own balance drops in the header at once.
    await expect(rita.getByText('Credits: 7')).toBeVisible();

    // Resellers read the links and can copy them, but not change them.
    await openFromSidebar(rita, 'Applications');
    await expect(rita.getByRole('link', { name: new RegExp(`player-${run}`) })).toBeVisible();
    await expect(
      rita.getByRole('button', { name: `Copy The link for version ${linkVersion}` }),
    ).toBeVisible();
    await expect(rita.getByRole('button', { name: 'Add link' })).toHaveCount(0);

    // The sub-reseller sees its 3 credits and none of the admin's other resellers.
    const sam = await newSignedInPage(browser, SAM.email, SAM.password);
    await expect(sam.getByText('Credits: 3')).toBeVisible();
    await openFromSidebar(sam, 'View Resellers', 'Sub-Resellers');
    await expect(sam.getByText('No resellers found')).toBeVisible();
    await expect(sam.getByText(RITA.name)).toHaveCount(0);
    await expect(sam.getByText(OTHER.name)).toHaveCount(0);
    const samsList = await sam.request.get('/api/v1/reseller');
    expect((await samsList.json()).data).toEqual([]);
    // Clients are for admins only.
    await sam.goto('/dashboard/clients');
    await expect(sam).toHaveURL(/\/dashboard\/home$/);

    // A visitor registers a device that the TV app registered first (a name of its own, so a retry
    // finds only its own row).
    const visitor = `Vera Visitor ${run}`;
    const mac = randomMac();
    const device = await registerDevice(request, mac);
    const registration = await request.post('/api/v1/client/create-and-bind', {
      data: {
        name: visitor,
        email: `vera-${run}@e2e.test`,
        phone: '+15550004444',
        mac,
        plan: '1year',
      },
    });
    expect(registration.status()).toBe(201);

    // The admin sees the notification (F8 opens the bell), approves, and the device becomes paid.
    await admin.goto('/dashboard/home');
    const bell = admin.getByRole('button', { name: /^Notifications: [1-9]\d* unread$/ });
    await expect(bell).toBeVisible();
    await admin.keyboard.press('F8');
    const menu = admin.getByRole('menu');
    // The MAC is wrapped in bidi isolates so it stays in one piece inside Arabic sentences.
    await expect(menu.getByText(new RegExp(`New registration for .?${mac}.?`))).toBeVisible();
    await expect(menu.getByText(/seconds? ago|now|minutes? ago/).first()).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Mark all as read' }).click();
    await expect(menu.getByRole('menuitem', { name: 'Mark all as read' })).toBeHidden();
    await admin.keyboard.press('F8');
    await expect(menu).toBeHidden();
    await expect(admin.getByRole('button', { name: 'Notifications: 0 unread' })).toBeVisible();

    // The notification (read now) still opens what it is about: the pending registration, found.
    // F8 right after the menu closed (a CI run once reopened it before the closed menu's focus
    // return, which closed it again: notifications-menu.test.tsx keeps that case).
    await admin.keyboard.press('F8');
    await expect(menu).toBeVisible();
    await menu.getByRole('menuitem', { name: new RegExp(`New registration for .?${mac}.?`) }).click();
    await expect(admin).toHaveURL(/\/dashboard\/clients\?status=Pending&search=/);
    await admin.getByRole('button', { name: `Review the registration of ${visitor}`, exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Registration details' });
    await expect(dialog.getByText(mac)).toBeVisible();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText('Registration approved')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Approved, it leaves the list the notification opened (pending ones only).
    await expect(admin.getByRole('row', { name: new RegExp(visitor) })).toHaveCount(0);

    const lookup = await request.get(`/api/v1/device?mac=${encodeURIComponent(mac)}&cle_mac=${device.key}`);
    const body = await lookup.json();
    expect(body.data.paid).toBe(true);
    expect(body.data.payment_type).toBe('year');

    for (const page of [admin, rita, sam]) await page.context().close();
  });

  test('a wrong current password is refused; a right one reloads the page and says so', async ({
    browser,
  }) => {
    const page = await newSignedInPage(browser, SAM.email, SAM.password);
    await page.goto('/dashboard/passwordChange');
    await page.getByLabel('Current password', { exact: true }).fill('not-the-password');
    await page.getByLabel('New password', { exact: true }).fill('sam-password-2');
    await page.getByLabel('Confirm new password').fill('sam-password-2');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('alert').getByText('Current password is incorrect')).toBeVisible();

    await page.getByLabel('Current password', { exact: true }).fill(SAM.password);
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await reloaded;
    await expect(page.getByText('Password changed successfully!')).toBeVisible();
    await expect(page.getByLabel('Current password', { exact: true })).toHaveValue('');
    await page.context().close();
  });

  // At 1280 px the axe sweep (panel-axe-sweep.spec.ts) covers these screens in all three languages.
  const width = 375;
  for (const lng of ['en', 'ar'] as const) {
    test(`no axe violations on the network screens (${lng}, ${width} px)`, async ({ browser }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN });
      const axe = (what: string) => expectNoAxeViolations(page, `${what} (${lng}, ${width} px)`);

      for (const path of [
        '/dashboard/resellers',
        '/dashboard/credits',
        '/dashboard/links',
        '/dashboard/clients',
        '/dashboard/passwordChange',
      ]) {
        await page.goto(`${path}?lng=${lng}`);
        await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status').filter({ has: page.locator('.animate-spin') })).toHaveCount(0);
        await axe(path);
      }

      // The dialogs and the bell, open.
      await page.goto(`/dashboard/resellers?lng=${lng}`);
      await page
        .locator('main')
        .getByRole('button', { name: t(lng, 'panel-network:resellers.add') })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await axe('add reseller dialog');
      await page.keyboard.press('Escape');

      // The first test leaves a registration behind (run alone, this test has none to open).
      await page.goto(`/dashboard/clients?lng=${lng}`);
      await expect(page.getByRole('status').filter({ has: page.locator('.animate-spin') })).toHaveCount(0);
      if ((await page.locator('main table button').count()) > 0) {
        await page.locator('main table button').first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await axe('client dialog');
        await page.keyboard.press('Escape');
        // Closing hands focus back to the row's button; a menu opened before that would lose focus and close.
        await expect(page.getByRole('dialog')).toBeHidden();
      }

      await page.keyboard.press('F8');
      await expect(page.getByRole('menu')).toBeVisible();
      await axe('notifications');
      await context.close();
    });
  }

  test('screenshots for a visual review (SCREENSHOT_DIR=...)', async ({ browser }) => {
    const dir = process.env.SCREENSHOT_DIR;
    test.skip(!dir, 'only when SCREENSHOT_DIR is set');
    test.setTimeout(600_000);
    for (const theme of ['light', 'dark'] as const) {
      for (const lng of ['en', 'ar'] as const) {
        for (const width of [1280, 375]) {
          const context = await browser.newContext({ viewport: { width, height: 900 } });
          await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
          const page = await context.newPage();
          await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN });
          for (const path of ['resellers', 'credits', 'links', 'clients', 'passwordChange']) {
            await page.goto(`/dashboard/${path}?lng=${lng}`);
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
            await settled(page);
            await page.screenshot({ path: `${dir}/${path}-${lng}-${width}-${theme}.png`, fullPage: true });
          }
          await page.goto(`/dashboard/resellers?lng=${lng}`);
          await page
            .locator('main')
            .getByRole('button', { name: t(lng, 'panel-network:resellers.add') })
            .click();
          await settled(page);
          await page.screenshot({ path: `${dir}/dialog-reseller-${lng}-${width}-${theme}.png` });
          await page.keyboard.press('Escape');
          await page.goto(`/dashboard/clients?lng=${lng}`);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await settled(page);
          // Run alone, the test has no registration to open.
          if ((await page.locator('main table button').count()) > 0) {
            await page.locator('main table button').first().click();
            await settled(page);
            await page.screenshot({ path: `${dir}/dialog-client-${lng}-${width}-${theme}.png` });
            await page.keyboard.press('Escape');
          }
          await page.keyboard.press('F8');
          await settled(page);
          await page.screenshot({ path: `${dir}/bell-${lng}-${width}-${theme}.png` });
          await page.keyboard.press('F8');

          await page.goto(`/dashboard/credits?lng=${lng}`);
          await page.locator('main select').selectOption({ index: 1 });
          await page.locator('main input[type=radio]').nth(1).check({ force: true });
          await page.locator('main input[inputmode=numeric]').fill('999');
          await settled(page);
          await page.screenshot({
            path: `${dir}/credits-filled-${lng}-${width}-${theme}.png`,
            fullPage: true,
          });
          await page.locator('main input[inputmode=numeric]').fill('1');
          await page.locator('main form button[type=submit]').click();
          await settled(page);
          await page.screenshot({ path: `${dir}/dialog-credits-${lng}-${width}-${theme}.png` });
          await context.close();

          // What a reseller sees.
          const resellerContext = await browser.newContext({ viewport: { width, height: 900 } });
          await resellerContext.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
          const reseller = await resellerContext.newPage();
          await reseller.request.post('/api/v1/auth/login', {
            data: { email: RITA.email, password: RITA.password },
          });
          for (const path of ['resellers', 'credits', 'links']) {
            await reseller.goto(`/dashboard/${path}?lng=${lng}`);
            await expect(reseller.getByRole('heading', { level: 1 })).toBeVisible();
            await settled(reseller);
            await reseller.screenshot({
              path: `${dir}/reseller-${path}-${lng}-${width}-${theme}.png`,
              fullPage: true,
            });
          }
          await resellerContext.close();
        }
      }
    }
  });
});
