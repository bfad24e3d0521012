import { expect, test } from '@playwright/test';
import { FAKE_ACCOUNTS, startFakeIptvServer, type FakeIptvServer } from '../src/server/test/fake-iptv-server';
import { expectNoAxeViolations, randomMac, registerDevice, settled, t as appText } from './helpers';

/** The device page's own text for a key, so the same flow runs in English and Arabic. */
const text = (lng: 'en' | 'fr' | 'ar', key: string, values?: Record<string, string>) =>
  appText(lng, `device:${key}`, values);

/** The viewer's provider: M3U files and an Xtream account the form's check (the probe) can reach. */
let iptv: FakeIptvServer;
test.beforeAll(async () => {
  iptv = await startFakeIptvServer();
});
test.afterAll(async () => {
  await iptv?.close();
});

for (const lng of ['en', 'ar'] as const) {
  const t = (key: string, values?: Record<string, string>) => text(lng, key, values);

  test(`a viewer manages the playlists of a new device (${lng})`, async ({ page, request }) => {
    const { mac, key } = await registerDevice(request, randomMac());

    // The auto-login link: signed in at once, and the key leaves the address bar.
    await page.goto(`/account/view?lng=${lng}&mac=${mac}&cle_mac=${key}`);
    await expect(page.getByRole('heading', { name: t('dashboard.welcome'), level: 1 })).toBeVisible();
    await expect(page.getByTestId('device-mac')).toHaveText(mac);
    await expect(page).toHaveURL(new RegExp(`/account/view\\?lng=${lng}$`));
    expect(page.url()).not.toContain(key);
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByText(t('plan.badge.free'), { exact: true })).toBeVisible();
    // A new trial is greeted as a trial (7 days left), not as "expiring soon", with a way to buy.
    const plural = new Intl.PluralRules(lng).select(7);
    await expect(page.getByText(t(`subscription.trialBanner.title_${plural}`, { count: '7' }))).toBeVisible();
    await expect(page.getByText(t('subscription.expiringBanner.title'))).toHaveCount(0);
    await expect(page.getByRole('link', { name: t('subscription.trialBanner.buy') })).toHaveAttribute(
      'href',
      `/order?mac=${encodeURIComponent(mac)}`,
    );

    // A Direct URL playlist. The form checks the address first: a file the provider no longer has is
    // shown as a problem (with Save anyway) and nothing is saved.
    await page.getByRole('button', { name: t('playlists.add') }).click();
    const addForm = page.getByRole('region', { name: t('form.addTitle') });
    await addForm.getByLabel(t('form.name')).fill('News');
    await addForm.getByLabel(t('form.url')).fill(`${iptv.url}/gone.m3u`);
    await addForm.getByRole('button', { name: t('form.add') }).click();
    await expect(addForm.getByText(t('probe.problem'))).toBeVisible();
    await expect(addForm.getByText(t('probe.errors.http_error'))).toBeVisible();
    await expect(addForm.getByRole('button', { name: t('probe.saveAnyway') })).toBeVisible();
    // The right address: checked, saved at once, its channels, groups and guide shown under it.
    const newsUrl = `${iptv.url}/tv.m3u`;
    await addForm.getByLabel(t('form.url')).fill(newsUrl);
    await addForm.getByRole('button', { name: t('form.add') }).click();
    await expect(page.getByText(t('toast.added'))).toBeVisible();
    const news = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'News' }) });
    await expect(news.getByText(newsUrl)).toBeVisible();
    // Five channels: Arabic's plural for 3 to 10 is "few".
    const fiveChannels = t(lng === 'ar' ? 'probe.channels_few' : 'probe.channels_other', { count: '5' });
    await expect(news.getByText(fiveChannels, { exact: false })).toBeVisible();
    await expect(news.getByText(t('probe.epgFound'), { exact: false })).toBeVisible();

    // An Account playlist protected by a PIN.
    await page.getByRole('button', { name: t('playlists.add') }).click();
    await addForm.getByLabel(t('form.name')).fill('Sports');
    await addForm.getByRole('tab', { name: t('form.typeAccount') }).click();
    await addForm.getByLabel(t('form.host')).fill(iptv.url);
    await addForm.getByLabel(t('form.username'), { exact: true }).fill('active');
    await addForm.getByLabel(t('form.password'), { exact: true }).fill(FAKE_ACCOUNTS.active.password);
    await addForm.getByLabel(t('form.hasPin')).check();
    await addForm.getByLabel(t('form.pin'), { exact: true }).fill('4321');
    await addForm.getByLabel(t('form.confirmPin')).fill('4321');
    await addForm.getByRole('button', { name: t('form.add') }).click();
    await expect(page.getByText(t('toast.added'))).toBeVisible();

    // Locked: no address, no Edit or Delete.
    const sports = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Sports' }) });
    await expect(sports.getByText(t('playlists.locked'), { exact: true })).toBeVisible();
    await expect(sports.getByText(iptv.url, { exact: true })).toHaveCount(0);
    await expect(
      sports.getByRole('button', { name: t('playlists.editNamed', { name: 'Sports' }) }),
    ).toHaveCount(0);
    await expect(
      sports.getByRole('button', { name: t('playlists.deleteNamed', { name: 'Sports' }) }),
    ).toHaveCount(0);

    // A wrong PIN, then the right one.
    await sports.getByRole('button', { name: t('playlists.unlockNamed', { name: 'Sports' }) }).click();
    const pinField = sports.getByLabel(t('playlists.pinFor', { name: 'Sports' }));
    await pinField.fill('0000');
    await sports.getByRole('button', { name: t('playlists.unlockSubmit'), exact: true }).click();
    await expect(sports.getByText(t('validation.incorrect-pin'))).toBeVisible();
    await pinField.fill('4321');
    await sports.getByRole('button', { name: t('playlists.unlockSubmit'), exact: true }).click();
    await expect(sports.getByText(iptv.url, { exact: true })).toBeVisible();

    // Edit it.
    await sports.getByRole('button', { name: t('playlists.editNamed', { name: 'Sports' }) }).click();
    const editForm = page.getByRole('region', { name: t('form.editTitle', { name: 'Sports' }) });
    await expect(editForm.getByLabel(t('form.username'), { exact: true })).toHaveValue('active');
    await editForm.getByLabel(t('form.name')).fill('Sports HD');
    await editForm.getByRole('button', { name: t('form.saveChanges') }).click();
    await expect(page.getByText(t('toast.updated'))).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sports HD', level: 3 })).toBeVisible();

    // Delete the other one, after confirming.
    await news.getByRole('button', { name: t('playlists.deleteNamed', { name: 'News' }) }).click();
    const dialog = page.getByRole('dialog', { name: t('delete.title') });
    await expect(dialog).toContainText(t('delete.description', { name: 'News' }));
    await dialog.getByRole('button', { name: t('delete.confirm') }).click();
    await expect(page.getByText(t('toast.deleted'))).toBeVisible();
    await expect(page.getByRole('heading', { name: 'News', level: 3 })).toHaveCount(0);

    // What the server holds now, as the TV app will read it.
    const device = await (await page.request.get('/api/v1/device/session')).json();
    expect(device.data.playlists).toMatchObject([
      { name: 'Sports HD', hasPin: true, isAccount: true, url: null },
    ]);

    // The session survives a reload; signing out ends it.
    await page.reload();
    await expect(page.getByRole('heading', { name: t('dashboard.welcome'), level: 1 })).toBeVisible();
    await page.getByRole('button', { name: t('dashboard.signOut') }).click();
    await expect(page.getByRole('heading', { name: t('login.title') })).toBeVisible();
    expect((await page.request.get('/api/v1/device/session')).status()).toBe(401);
  });
}

test.describe('accessibility (axe)', () => {
  // Each width and each theme once (colours do not change with the width); the axe sweep adds 1280 px light.
  const views = [
    { width: 375, theme: 'light' },
    { width: 1280, theme: 'dark' },
  ] as const;
  for (const lng of ['en', 'ar'] as const) {
    for (const { width, theme } of views) {
      const t = (key: string, values?: Record<string, string>) => text(lng, key, values);

      test(`login form and signed-in page, ${lng}, ${width}px, ${theme}`, async ({ page, request }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
        await page.goto(`/account/view?lng=${lng}`);
        await expect(page.getByRole('heading', { name: t('login.title') })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
        await page.getByRole('button', { name: t('login.submit') }).click();
        await expect(page.getByText(t('validation.mac-required'))).toBeVisible();
        await expectNoAxeViolations(page);

        const { mac, key } = await registerDevice(request, randomMac());
        await page.getByLabel(t('login.mac')).fill(mac);
        await page.getByLabel(t('login.key'), { exact: true }).fill(key);
        await page.getByRole('button', { name: t('login.submit') }).click();
        await expect(page.getByRole('heading', { name: t('dashboard.welcome') })).toBeVisible();
        const body = {
          name: 'Sports',
          isAccount: true,
          host: 'http://provider.example:8080',
          username: 'viewer',
          password: 's3cret',
          hasPin: true,
          pin: '4321',
        };
        await page.request.post(`/api/v1/playlist/${mac}`, { data: body });
        await page.request.post(`/api/v1/playlist/${mac}`, {
          data: {
            name: 'News',
            url: 'http://lists.example/news.m3u',
            isAccount: false,
            hasPin: false,
            pin: null,
          },
        });
        await page.getByRole('button', { name: t('dashboard.reload') }).click();
        await expect(page.getByRole('heading', { name: 'News', level: 3 })).toBeVisible();
        await page.getByRole('button', { name: t('playlists.unlockNamed', { name: 'Sports' }) }).click();
        await expectNoAxeViolations(page);

        // The form, with a PIN and a message showing.
        await page.getByRole('button', { name: t('playlists.add') }).click();
        const form = page.getByRole('region', { name: t('form.addTitle') });
        await form.getByLabel(t('form.hasPin')).check();
        await form.getByRole('button', { name: t('form.add') }).click();
        await expect(form.getByText(t('validation.playlist-name-required'))).toBeVisible();
        await expectNoAxeViolations(page);

        await page
          .getByRole('tablist', { name: t('dashboard.tabsLabel') })
          .getByRole('tab', { name: t('dashboard.tabs.account') })
          .click();
        await expectNoAxeViolations(page);
      });
    }
  }

  test('standalone add-playlist screen (en and ar)', async ({ page }) => {
    for (const lng of ['en', 'ar'] as const) {
      await page.goto(`/account/add-playlist?lng=${lng}`);
      await expect(
        page.getByRole('heading', { name: text(lng, 'pages.addPlaylist.title'), level: 1 }),
      ).toBeVisible();
      await page.getByRole('button', { name: text(lng, 'form.add') }).click();
      await expect(page.getByText(text(lng, 'validation.mac-required'))).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
});

test('screenshots for a visual review (SCREENSHOT_DIR=...)', async ({ browser, request }) => {
  const dir = process.env.SCREENSHOT_DIR;
  test.skip(!dir, 'only when SCREENSHOT_DIR is set');
  test.setTimeout(450_000);
  for (const theme of ['light', 'dark'] as const) {
    for (const lng of ['en', 'fr', 'ar'] as const) {
      const t = (key: string, values?: Record<string, string>) => text(lng, key, values);
      for (const width of [1280, 375]) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
        const page = await context.newPage();
        const shot = (name: string) =>
          page.screenshot({ path: `${dir}/device-${name}-${lng}-${width}-${theme}.png`, fullPage: true });
        const { mac, key } = await registerDevice(request, randomMac());

        // The pairing page, as a phone opens it from the TV's QR code.
        const pairing = await request.post('/api/v1/device/pairing', { data: { mac, cle_mac: key } });
        const { code } = (await pairing.json()).data as { code: string };
        await page.goto(`/pair?code=${code}&lng=${lng}`);
        await expect(page.getByTestId('pairing-mac')).toBeVisible();
        await settled(page);
        await shot('pair');
        await page.getByRole('button', { name: t('pair.device.manage') }).click();
        await expect(page.getByRole('heading', { name: t('dashboard.welcome'), level: 1 })).toBeVisible();

        // A failed check in the form, then a saved playlist with its check under it.
        await page.getByRole('button', { name: t('playlists.add') }).click();
        const addForm = page.getByRole('region', { name: t('form.addTitle') });
        await addForm.getByLabel(t('form.name')).fill('News');
        await addForm.getByLabel(t('form.url')).fill(`${iptv.url}/gone.m3u`);
        await addForm.getByRole('button', { name: t('form.add') }).click();
        await expect(addForm.getByText(t('probe.problem'))).toBeVisible();
        await settled(page);
        await shot('probe-problem');
        await addForm.getByLabel(t('form.url')).fill(`${iptv.url}/tv.m3u`);
        await addForm.getByRole('button', { name: t('form.add') }).click();
        await expect(page.getByText(t('toast.added'))).toBeVisible();
        await settled(page);
        await shot('probe-saved');
        await context.close();
      }
    }
  }
});
