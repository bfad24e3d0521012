import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, settled, t, type Lng } from './helpers';

/** Waits for the page's code (marketing pages are readable before it arrives). */
async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}

test.describe('mobile menu (375 px)', () => {
  for (const lng of ['en', 'ar'] as Lng[]) {
    test(`Tab and Shift+Tab stay inside the open menu, never reaching the page behind (${lng})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await gotoHydrated(page, `/?lng=${lng}`);
      await page.getByRole('button', { name: t(lng, 'common:nav.openMenu') }).click();
      const menu = page.getByRole('dialog');
      await settled(page);
      const close = menu.getByRole('button', { name: t(lng, 'common:nav.closeMenu') });
      const last = menu.getByRole('link', { name: t(lng, 'common:nav.loginToAccount') });
      await expect(close).toBeFocused();

      // As many Tabs as stops: through every link, past the last one and back to the close button.
      const stops = await menu.locator('a[href], button').count();
      for (let step = 0; step < stops; step += 1) {
        await page.keyboard.press('Tab');
        expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      }
      await expect(close).toBeFocused();

      await page.keyboard.press('Shift+Tab');
      await expect(last).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(close).toBeFocused();
      await expectNoAxeViolations(page, `mobile menu ${lng}`);
    });
  }
});
