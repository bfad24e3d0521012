import { expect, test } from '@playwright/test';
import { checkScreen, E2E_ADMIN, randomMac, registerDevice, t } from './helpers';

// French too when photographing for a review (SCREENSHOT_DIR), to keep the CI run short.
const LANGUAGES = process.env.SCREENSHOT_DIR ? (['en', 'fr', 'ar'] as const) : (['en', 'ar'] as const);

for (const lng of LANGUAGES) {
  test(`${lng}: a viewer's new playlist shows in the admin's Activity, found with the filters, exported as CSV`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    // The viewer adds a playlist from the device page (through its API, as the device page does).
    const viewer = await browser.newContext();
    const { mac, key } = await registerDevice(viewer.request, randomMac());
    expect(
      (await viewer.request.post('/api/v1/device/login', { data: { mac, cle_mac: key } })).status(),
    ).toBe(200);
    const name = `News ${lng} ${Date.now().toString(36)}`;
    const added = await viewer.request.post(`/api/v1/playlist/${mac}`, {
      data: { name, url: 'http://lists.example/news.m3u', isAccount: false, hasPin: false, pin: null },
    });
    expect(added.status()).toBe(201);
    await viewer.close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: 'i18next', value: lng, url: baseURL as string }]);
    const page = await context.newPage();
    expect((await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
    await page.goto('/dashboard/home');
    await page.getByRole('link', { name: t(lng, 'panel:nav.activity'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: t(lng, 'panel:activity.title') })).toBeVisible();

    // Filters: on what (the playlist's name) and the action family; they go to the address bar.
    const filters = page.getByRole('search', { name: t(lng, 'panel:activity.filters.label') });
    await filters.getByLabel(t(lng, 'panel:activity.filters.target')).fill(name);
    await filters
      .getByLabel(t(lng, 'panel:activity.filters.action'))
      .selectOption({ label: t(lng, 'panel:activity.families.playlist') });
    await filters.getByRole('button', { name: t(lng, 'panel:activity.filters.apply') }).click();
    await expect(page).toHaveURL(/action=playlist/);

    const table = page.getByRole('table', { name: t(lng, 'panel:activity.table.caption') });
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    await expect(row.getByText(t(lng, 'panel:activity.actions.playlist.added'))).toBeVisible();
    await expect(row.getByText(mac)).toBeVisible();
    await expect(row.getByText(t(lng, 'panel:activity.roles.viewer'))).toBeVisible();
    await checkScreen(page, lng, 'activity');

    // Export CSV downloads what the filters select.
    const exportLink = page.getByRole('link', { name: t(lng, 'panel:activity.export') });
    const csv = await page.request.get((await exportLink.getAttribute('href')) as string);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('playlist.added');
    expect(lines[1]).toContain(mac);
    await context.close();
  });
}

for (const lng of LANGUAGES) {
  test(`${lng}: the first admin's creation by the server's first start shows as the system's, named once`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: 'i18next', value: lng, url: baseURL as string }]);
    const page = await context.newPage();
    expect((await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
    await page.goto('/dashboard/activity?action=reseller.created&target=Administrator');
    const table = page.getByRole('table', { name: t(lng, 'panel:activity.table.caption') });
    const row = table.getByRole('row').filter({ hasText: t(lng, 'panel:activity.actions.reseller.created') });
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    // The filter names the whole action the address gave, not "All actions".
    const actionFilter = page.getByLabel(t(lng, 'panel:activity.filters.action'));
    await expect(actionFilter).toHaveValue('reseller.created');
    await expect(actionFilter.locator('option:checked')).toHaveText(
      t(lng, 'panel:activity.actions.reseller.created'),
    );
    // The actor has no name of its own: its role is its label, shown once.
    await expect(row.getByText(t(lng, 'panel:activity.roles.system'), { exact: true })).toHaveCount(1);
    await checkScreen(page, lng, 'activity-system');

    // No name to type in "Who": the system's entries are found by the actor's kind.
    await page.goto('/dashboard/activity');
    const filters = page.getByRole('search', { name: t(lng, 'panel:activity.filters.label') });
    await filters
      .getByLabel(t(lng, 'panel:activity.filters.role'))
      .selectOption({ label: t(lng, 'panel:activity.roles.system') });
    await filters.getByRole('button', { name: t(lng, 'panel:activity.filters.apply') }).click();
    await expect(page).toHaveURL(/role=system/);
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    const rows = table.getByRole('row');
    // Every entry shown is the system's (the header row aside).
    await expect(rows.filter({ hasText: t(lng, 'panel:activity.roles.system') })).toHaveCount(
      (await rows.count()) - 1,
    );
    await context.close();
  });
}
