import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';

export { E2E_ADMIN };

/** Signs in through the panel's form, as a person would. */
export async function signInToPanel(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password) {
  await page.goto('/dashboard');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In to Panel' }).click();
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
