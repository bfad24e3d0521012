import { expect, test } from '@playwright/test';
import arMarketing from '../public/locales/ar/marketing.json' with { type: 'json' };
import arDocs from '../public/locales/ar/marketing-docs.json' with { type: 'json' };
import enMarketing from '../public/locales/en/marketing.json' with { type: 'json' };
import enDocs from '../public/locales/en/marketing-docs.json' with { type: 'json' };
import frMarketing from '../public/locales/fr/marketing.json' with { type: 'json' };
import frDocs from '../public/locales/fr/marketing-docs.json' with { type: 'json' };
import { EXAMPLE_BRAND as brand } from '../src/shared/brand';
import { expectNoAxeViolations, gotoHydrated, randomMac, registerDevice, signInToPanel } from './helpers';

type Language = 'en' | 'fr' | 'ar';
const LANGUAGES: Language[] = ['en', 'fr', 'ar'];
const marketing = { en: enMarketing, fr: frMarketing, ar: arMarketing };
const docs = { en: enDocs, fr: frDocs, ar: arDocs };

const withBrand = (text: string) => text.replaceAll('{{brand}}', brand.name);

/** The h1 of each marketing page of docs/product.md's public route table, in each language. */
function marketingHeading(path: string, lng: Language): string {
  const m = marketing[lng];
  const d = docs[lng];
  const headings: Record<string, string> = {
    '/': m.home.hero.title,
    '/about': m.about.title,
    '/features': m.features.title,
    '/faq': m.faq.title,
    '/how-it-works': m.howItWorks.title,
    '/pricing': m.pricing.title,
    '/reseller': m.reseller.title,
    '/contact': m.contact.title,
    '/order': m.order.title,
    '/testimonials': m.testimonials.title,
    '/tutorials': d.tutorials.title,
    '/terms': d.terms.title,
  };
  return withBrand(headings[path] as string);
}

const MARKETING_ROUTES = [
  '/',
  '/about',
  '/features',
  '/faq',
  '/how-it-works',
  '/pricing',
  '/reseller',
  '/contact',
  '/order',
  '/testimonials',
  '/tutorials',
  '/terms',
];
/** The device page: client-rendered, its heading comes from the device namespace. */
const DEVICE_ROUTES = ['/account/view', '/account/playlists'];

function decodeEntities(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

test.describe('marketing pages, server-rendered', () => {
  for (const lng of LANGUAGES) {
    for (const path of MARKETING_ROUTES) {
      test(`${path} in ${lng}: heading in the HTML as sent, hydrated, no axe violations`, async ({
        page,
        request,
      }) => {
        const heading = marketingHeading(path, lng);
        const response = await request.get(`${path}?lng=${lng}`);
        expect(response.status()).toBe(200);
        const html = await response.text();
        expect(html).toContain(`<html lang="${lng}" dir="${lng === 'ar' ? 'rtl' : 'ltr'}"`);
        const h1 = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '';
        expect(decodeEntities(h1)).toBe(heading);
        expect(html).toMatch(/<title>[^<]+<\/title>/);
        expect(html).toMatch(/<meta name="description" content="[^"]+"/);
        expect(html).toContain(`hreflang="x-default"`);

        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        page.on('pageerror', (error) => errors.push(error.message));
        await gotoHydrated(page, `${path}?lng=${lng}`);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
        await expectNoAxeViolations(page);
        // A hydration mismatch would be reported here.
        expect(errors).toEqual([]);
      });
    }

    for (const path of DEVICE_ROUTES) {
      test(`${path} in ${lng}: renders its heading, no axe violations`, async ({ page }) => {
        await gotoHydrated(page, `${path}?lng=${lng}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await expectNoAxeViolations(page);
      });
    }
  }

  test('an unknown address answers 404 with the not-found page', async ({ page, request }) => {
    const response = await request.get('/no-such-page?lng=en');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Page Not Found');
    await page.goto('/no-such-page?lng=fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await expectNoAxeViolations(page);
  });

  test('sitemap.xml and robots.txt', async ({ request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    for (const path of MARKETING_ROUTES) expect(xml).toContain(`${path}?lng=ar</loc>`);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toContain('Disallow: /api');
  });

  test('a marketing page loads no panel or device-page code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/pricing?lng=en');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => /panel|dashboard|device|account|sign-in/.test(script))).toEqual([]);
  });
});

test.describe('shared layout', () => {
  test('the mobile menu opens full-screen, locks page scroll and closes on navigation (375 px)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await gotoHydrated(page, '/?lng=en');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box?.width).toBeCloseTo(375, 0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await page.mouse.wheel(0, 800);
    // A wheel scroll lands within a frame or two: let two frames pass, then the page must not have moved.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test('the header turns solid after scrolling, and More closes on an outside click', async ({ page }) => {
    await gotoHydrated(page, '/?lng=en');
    const header = page.locator('header').first();
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await page.evaluate(() => window.scrollTo(0, 10));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 400));

    const more = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'More' });
    await more.click();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Contact' }),
    ).toBeVisible();
    await page.mouse.click(5, 700);
    await expect(more).toHaveAttribute('aria-expanded', 'false');
  });

  test('links move between marketing pages without reloading, Back returns, the device page loads from the server', async ({
    page,
  }) => {
    await gotoHydrated(page, '/?lng=en');
    // A mark on the window survives only as long as the document does.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const nav = page.getByRole('navigation', { name: 'Main navigation' });

    await nav.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    await expect(page).toHaveTitle('Plans and pricing | StreamBox Player');

    await page.goBack();
    await expect(page).toHaveURL(/\/\?lng=en$/);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);

    // The device page belongs to the main app: the document is replaced.
    await page.getByRole('link', { name: 'My account' }).first().click();
    await expect(page).toHaveURL(/\/account\/view$/);
    await expect.poll(() => page.evaluate(() => 'samePage' in window)).toBe(false);
  });

  test('the countdown ticks down from 01:22:59', async ({ page }) => {
    await page.goto('/?lng=en');
    const timer = page.getByRole('timer');
    await expect(timer).toContainText('01');
    await expect(timer).toContainText('22');
    await expect(timer).toContainText('59');
    await expect(timer).toContainText('57', { timeout: 5000 });
  });

  test('the language switcher switches to Arabic: the page reloads right-to-left', async ({ page }) => {
    await gotoHydrated(page, '/pricing');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.getByRole('button', { name: 'Language: English' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();

    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1, name: arMarketing.pricing.title })).toBeVisible();
    // The server remembers the choice: the next page arrives in Arabic.
    const html = await (await page.request.get('/about')).text();
    expect(html).toContain('<html lang="ar" dir="rtl"');
  });
});

test.describe('forms', () => {
  test('the order form shows field errors on an empty submit, then registers a known device', async ({
    page,
    request,
  }) => {
    const device = await registerDevice(request, randomMac());
    await gotoHydrated(page, '/order?lng=en');
    const submit = page.getByRole('button', { name: 'Register my device' });
    await submit.click();
    for (const message of [
      'Please enter your name',
      'Please enter your e-mail address',
      'Please enter your phone number',
      "Please enter your device's MAC address",
      'Please choose a plan',
    ])
      await expect(page.getByText(message)).toBeVisible();

    await page.getByLabel('Full name').fill('Eve Viewer');
    await page.getByLabel('E-mail').fill('eve@example.com');
    await page.getByLabel('Phone').fill('+44 20 7946 0000');
    const mac = page.getByLabel('MAC address');
    await mac.pressSequentially(device.mac.replaceAll(':', '').toLowerCase());
    await expect(mac).toHaveValue(device.mac);
    await page.getByRole('radio', { name: /Standard/ }).check();
    await submit.click();

    await expect(page.getByRole('status').filter({ hasText: 'Request received' })).toBeVisible();
  });

  test('a message sent with the contact form reaches the admins in the panel', async ({ page }) => {
    const subject = `Question ${Date.now()}`;
    await gotoHydrated(page, '/contact?lng=en');
    await page.getByLabel('Name', { exact: true }).fill('Nadia Visitor');
    await page.getByLabel('E-mail', { exact: true }).fill('nadia@example.com');
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page.getByRole('textbox', { name: 'Message' }).fill('Does the app work on Apple TV HD?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Your message has been sent')).toBeVisible();

    await signInToPanel(page);
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await page.getByRole('link', { name: 'Messages', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact messages' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: subject });
    await expect(row).toContainText('Nadia Visitor');
    await expect(row).toContainText('New');
    await row.getByRole('button', { name: 'Mark the message from Nadia Visitor as read' }).click();
    await expect(row).toContainText('Read');
  });
});
