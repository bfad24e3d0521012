import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { isolateLtr, isolateText } from '../src/web/lib/bidi';

export { E2E_ADMIN };

/**
 * Signs in through the panel's form, as a person would, and returns once the server has answered (its
 * session cookie set): a caller that navigated right after the click aborted the sign-in now and then
 * and found the sign-in page again (the flaky 375 px bulk-activation run of two CI runs in a row).
 */
export async function signInToPanel(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password) {
  await page.goto('/dashboard');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/auth/login') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Sign In to Panel' }).click();
  await answered;
}

/** Registers a device the way the TV app does; answers its MAC and key. */
export async function registerDevice(request: APIRequestContext, mac: string) {
  const response = await request.post('/api/v1/device/register', { data: { mac, app_name: 'E2E TV' } });
  if (response.status() !== 201)
    throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  const body = await response.json();
  return { mac: body.mac as string, key: body.cle_mac as string };
}

/** A MAC unique to this run. */
export function randomMac(): string {
  const bytes = Array.from({ length: 6 }, () => Math.floor(Math.random() * 256));
  bytes[0] = (bytes[0]! & 0xfc) | 0x02; // locally administered, unicast
  return bytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

/**
 * Fails with each axe violation's rule, impact and first elements, so a failure says what to fix.
 * `context` names the screen (and language, width or theme) in the message.
 *
 * Legacy mode runs axe in the page itself: the default opens a blank page for each check to gather
 * the frames' results in, which is for cross-origin iframes (the app has none) and cost 300-500 ms of
 * each 550-1,000 ms check, with the same rules and results (measured on /, /faq and /account/view).
 */
export async function expectNoAxeViolations(page: Page, context = page.url()) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
  expect(summary, `axe violations on ${context}`).toEqual([]);
}

export type Lng = 'en' | 'fr' | 'ar';

const dictionaries = new Map<string, unknown>();
function dictionary(lng: Lng, namespace: string): unknown {
  const file = path.join(import.meta.dirname, '..', 'public', 'locales', lng, `${namespace}.json`);
  if (!dictionaries.has(file)) dictionaries.set(file, JSON.parse(fs.readFileSync(file, 'utf8')));
  return dictionaries.get(file);
}

/**
 * The app's own text for a key ("namespace:a.b.c"), from the same translation files the app loads,
 * so a flow runs in every language and finds its buttons by their accessible names.
 */
export function t(lng: Lng, key: string, values: Record<string, string | number> = {}): string {
  const [namespace, path_] = key.split(':') as [string, string];
  const found = path_
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      dictionary(lng, namespace),
    );
  if (typeof found !== 'string') throw new Error(`no ${lng} text for ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

export { isolateLtr, isolateText };

/** A reseller in the credit transfer's select, as the panel writes it: name and e-mail isolated for Arabic. */
export function resellerOption(lng: Lng, reseller: { name: string; email: string }): string {
  return t(lng, 'panel-network:credits.form.option', {
    name: isolateText(reseller.name),
    email: isolateLtr(reseller.email),
  });
}

/** The same text as a pattern in which every {{value}} matches anything (a label naming a row). */
export function tPattern(lng: Lng, key: string): RegExp {
  const template = t(lng, key, new Proxy({}, { get: () => '\u0000' }));
  return new RegExp(
    `^${template
      .split('\u0000')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
  );
}

/** Waits until no CSS animation or transition is running (a dialog finished opening), instead of a fixed sleep. */
/**
 * Opens a public page and waits until React has hydrated it (HydrationMark sets `data-hydrated`):
 * a click before that is lost, and network quiet alone comes too early on a busy machine. Then the
 * network settles, so lazily loaded sections are in place for axe and screenshots.
 */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

export const SIZES = [
  { name: '375', width: 375, height: 812 },
  { name: '1280', width: 1280, height: 800 },
] as const;

/**
 * axe once per screen (1280 px, light) to keep the run short on a busy machine; with SCREENSHOT_DIR
 * set, every width and theme is also photographed (`<screen>-<lng>-<width>-<theme>.png`),
 * with `focus` scrolled into view. The mouse moves so the panel's inactivity sign-out does not fire.
 */
export async function checkScreen(page: Page, lng: Lng, screen: string, focus?: Locator) {
  await page.mouse.move(5, 5);
  await page.setViewportSize(SIZES[1]);
  await page.emulateMedia({ colorScheme: 'light' });
  await settled(page);
  await expectNoAxeViolations(page, `${screen} ${lng}`);
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.mouse.move(5, 5);
      await page.emulateMedia({ colorScheme: theme });
      await settled(page);
      await focus?.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/${screen}-${lng}-${size.name}-${theme}.png` });
    }
  }
  await page.setViewportSize(SIZES[1]);
}
