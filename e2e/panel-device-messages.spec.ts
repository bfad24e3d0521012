import { expect, test } from '@playwright/test';
import { checkScreen, E2E_ADMIN, randomMac, registerDevice, settled, t, tPattern } from './helpers';

const TEXTS = {
  en: 'Maintenance tonight from 2 to 4 am',
  fr: 'Maintenance cette nuit de 2 h à 4 h',
  ar: 'صيانة الليلة من الساعة 2 إلى 4 صباحًا',
} as const;

// French too when photographing for a review (SCREENSHOT_DIR), to keep the CI run short.
const LANGUAGES = process.env.SCREENSHOT_DIR ? (['en', 'fr', 'ar'] as const) : (['en', 'ar'] as const);

for (const lng of LANGUAGES) {
  test(`${lng}: a message written from the device list reaches the TV app and the device page, until withdrawn`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: 'i18next', value: lng, url: baseURL as string }]);
    const page = await context.newPage();
    const { mac, key } = await registerDevice(page.request, randomMac());
    const tvMessages = async () => {
      const answer = await page.request.get(`/api/v1/device?mac=${mac}&cle_mac=${key}`);
      expect(answer.status()).toBe(200);
      return (await answer.json()).data.messages as { texts: Record<string, string> }[];
    };
    expect(await tvMessages()).toEqual([]);

    // The admin filters the device list down to this TV, then writes to "these devices".
    // Signed in through the API (the sign-in form has its own specs), so the session exists before
    // the list is opened.
    expect((await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
    await page.goto(`/dashboard/devices?search=${encodeURIComponent(mac)}`);
    await expect(page.getByText(mac)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('link', { name: t(lng, 'panel-devices:devices.message') }).click();

    const dialog = page.getByRole('dialog', { name: t(lng, 'panel-devices:deviceMessages.form.title') });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(
      dialog.getByRole('radio', { name: tPattern(lng, 'panel-devices:deviceMessages.form.toFilter') }),
    ).toBeChecked();
    await settled(page);
    await checkScreen(page, lng, 'device-message-form');
    await dialog.getByLabel(t(lng, `panel-devices:deviceMessages.form.language.${lng}`)).fill(TEXTS[lng]);
    await dialog.getByRole('button', { name: t(lng, 'panel-devices:deviceMessages.form.send') }).click();
    await expect(page.getByText(t(lng, 'panel-devices:deviceMessages.sent_one', { count: 1 }))).toBeVisible({
      timeout: 20_000,
    });
    await expect(dialog).toBeHidden();
    const table = page.getByRole('table', { name: t(lng, 'panel-devices:deviceMessages.table.caption') });
    await expect(table.getByText(TEXTS[lng]).first()).toBeVisible();
    await checkScreen(page, lng, 'device-messages');

    // The TV app's next poll carries it.
    expect((await tvMessages())[0]?.texts).toEqual({ [lng]: TEXTS[lng] });

    // So does the device page, in a browser of the viewer's own.
    const viewer = await browser.newContext({ viewport: { width: 375, height: 812 } });
    await viewer.addCookies([{ name: 'i18next', value: lng, url: baseURL as string }]);
    const phone = await viewer.newPage();
    expect((await phone.request.post('/api/v1/device/login', { data: { mac, cle_mac: key } })).status()).toBe(
      200,
    );
    await phone.goto('/account/view');
    const messages = phone.getByRole('region', { name: t(lng, 'device:messages.title') });
    await expect(messages).toContainText(TEXTS[lng], { timeout: 20_000 });
    await checkScreen(phone, lng, 'device-page-message');
    await viewer.close();

    // Withdrawn: off the TV at once.
    await table
      .getByRole('button', { name: tPattern(lng, 'panel-devices:deviceMessages.withdrawLabel') })
      .first()
      .click();
    const confirm = page.getByRole('dialog', {
      name: t(lng, 'panel-devices:deviceMessages.withdrawConfirm.title'),
    });
    await confirm
      .getByRole('button', { name: t(lng, 'panel-devices:deviceMessages.withdrawConfirm.confirm') })
      .click();
    await expect(page.getByText(t(lng, 'panel-devices:deviceMessages.withdrawn'))).toBeVisible({
      timeout: 20_000,
    });
    expect(await tvMessages()).toEqual([]);
    await context.close();
  });
}
