import { expect, test, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  gotoHydrated,
  randomMac,
  registerDevice,
  settled,
  t,
  type Lng,
} from './helpers';

/**
 * What the chat button covers: for points across the button, the topmost page element under it,
 * when that is text, an icon or a control (not a section's background). Below lg the button sits
 * on an opaque bar of its own, so nothing of the page shows under it.
 */
async function contentUnderChatButton(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('[data-chat-bar]')!;
    if (getComputedStyle(bar).backgroundColor !== 'rgba(0, 0, 0, 0)') return [];
    const box = bar.querySelector('a')!.getBoundingClientRect();
    const covered = new Set<string>();
    const textRects = (element: Element) => {
      const rects: DOMRect[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...range.getClientRects());
      }
      return rects;
    };
    for (let x = box.left + 1; x < box.right; x += 6)
      for (let y = box.top + 1; y < box.bottom; y += 6) {
        const below = document.elementsFromPoint(x, y).find((element) => !bar.contains(element));
        if (!below) continue;
        // A field or an icon by its box; text by its glyphs (a centred line is not covered by its margin).
        const boxed = below.closest('input, select, textarea, svg, img');
        const onText = textRects(below).some(
          (rect) => x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom,
        );
        if (boxed || onText) covered.add(`${below.tagName} ${(below as HTMLElement).innerText ?? ''}`);
      }
    return [...covered];
  });
}

const MARKETING_PATHS = [
  '/',
  '/pricing',
  '/order',
  '/contact',
  '/features',
  '/about',
  '/reseller',
  '/faq',
  '/how-it-works',
  '/testimonials',
  '/tutorials',
  '/terms',
];
const DEVICE_PATHS = ['/account/view', '/account/add-playlist'];

test.describe('chat button', () => {
  // Arabic at 1280 px: the floating button sits on the other side there (below 1024 px the bar is full width).
  for (const [width, lng] of [
    [375, 'en'],
    [1024, 'en'],
    [1280, 'en'],
    [1280, 'ar'],
  ] as const) {
    test(`covers nothing on the public pages at ${width} px (${lng}), at the top and at the end`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      for (const path of [...MARKETING_PATHS, ...DEVICE_PATHS]) {
        await gotoHydrated(page, `${path}?lng=${lng}`);
        expect(await contentUnderChatButton(page), `${path} at the top`).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        expect(await contentUnderChatButton(page), `${path} at the end`).toEqual([]);
        // The footer's last line ends above the chat bar, so it can be read.
        const bar = await page.locator('[data-chat-bar]').boundingBox();
        const lastLine = await page.locator('footer p').last().boundingBox();
        if (width < 1024) expect(lastLine!.y + lastLine!.height).toBeLessThanOrEqual(bar!.y + 1);
      }
    });
  }

  test('keeps a toast clear of it and of the button just pressed on a phone (375 px)', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const device = await registerDevice(request, randomMac());
    await gotoHydrated(page, '/account/view?lng=en');
    await page.getByLabel('MAC address').fill(device.mac);
    await page.getByLabel('MAC key', { exact: true }).fill('WRONGKEY22');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Invalid credentials. Please try again.' });
    await expect(toast).toBeVisible();
    await settled(page);
    const toastBox = (await toast.boundingBox())!;
    const chatBox = (await page.getByRole('complementary', { name: 'Chat with support' }).boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(chatBox.y);
    const button = (await page.getByRole('button', { name: 'Sign in', exact: true }).boundingBox())!;
    const overlaps = toastBox.y < button.y + button.height && button.y < toastBox.y + toastBox.height;
    expect(overlaps, 'the toast covers the Sign in button').toBe(false);
    // Below the header, not over it.
    const header = (await page.locator('header').first().boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);
  });
});

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

test('screenshots for a visual review (SCREENSHOT_DIR=...)', async ({ browser, request }) => {
  const dir = process.env.SCREENSHOT_DIR;
  test.skip(!dir, 'only when SCREENSHOT_DIR is set');
  test.setTimeout(600_000);
  const device = await registerDevice(request, randomMac());
  for (const theme of ['light', 'dark'] as const) {
    for (const lng of ['en', 'ar'] as const) {
      for (const [width, height] of [
        [375, 812],
        [1280, 800],
      ] as const) {
        const context = await browser.newContext({ viewport: { width, height } });
        await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
        const page = await context.newPage();
        const name = (what: string) => `${dir}/${what}-${lng}-${width}-${theme}.png`;
        for (const path of ['/', '/pricing', '/order', '/account/view', '/account/add-playlist']) {
          await gotoHydrated(page, `${path}?lng=${lng}`);
          await settled(page);
          const slug = path === '/' ? 'home' : path.slice(1).replace('/', '-');
          await page.screenshot({ path: name(slug) });
          if (path === '/account/view' || path === '/') {
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            await page.screenshot({ path: name(`${slug}-end`) });
          }
        }
        await gotoHydrated(page, `/account/view?lng=${lng}`);
        await page.getByLabel(t(lng, 'device:login.mac')).fill(device.mac);
        await page.getByLabel(t(lng, 'device:login.key'), { exact: true }).fill('WRONGKEY22');
        await page.getByRole('button', { name: t(lng, 'device:login.submit'), exact: true }).click();
        await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toBeVisible();
        await settled(page);
        await page.screenshot({ path: name('toast') });
        await page.getByLabel(t(lng, 'device:login.key'), { exact: true }).fill(device.key);
        await page.getByRole('button', { name: t(lng, 'device:login.submit'), exact: true }).click();
        await expect(page.getByTestId('time-left')).toBeVisible();
        await settled(page);
        await page.screenshot({ path: name('device-trial') });
        await page.request.delete('/api/v1/device/session');
        await gotoHydrated(page, `/account/add-playlist?lng=${lng}`);
        await page.getByRole('tab', { name: t(lng, 'device:form.typeAccount') }).click();
        await page.getByRole('button', { name: t(lng, 'device:form.add') }).click();
        await settled(page);
        await page.screenshot({ path: name('add-playlist-errors'), fullPage: true });
        await context.close();
      }
    }
  }
});
