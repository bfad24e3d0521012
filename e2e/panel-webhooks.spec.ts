import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { E2E_ADMIN, expectNoAxeViolations, settled, signInToPanel, t, type Lng } from './helpers';

/** A receiver on 127.0.0.1 started by the spec (the server runs with WEBHOOKS_ALLOW_PRIVATE=true). */
async function startReceiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, received, close };
}

test.describe('Webhooks', () => {
  test('an endpoint added on the panel gets a signed test event, shown delivered with status 200', async ({
    page,
  }) => {
    // Sign-in, the lazy panel chunk and a delivery round: allow for a busy machine.
    test.setTimeout(180_000);
    const receiver = await startReceiver();
    try {
      await signInToPanel(page);
      await page
        .getByRole('navigation', { name: 'Panel navigation' })
        .getByRole('link', { name: 'API & webhooks' })
        .click();
      const section = page.getByRole('region', { name: 'Webhooks' });
      await section.getByRole('button', { name: 'Add endpoint' }).click();
      const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await form.getByLabel('Endpoint URL').fill(receiver.url);
      await form.getByRole('checkbox', { name: /credits\.changed/ }).check();
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      const shown = page.getByRole('dialog', { name: 'Endpoint added' });
      const secret = (await shown.getByTestId('webhook-secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      await expectNoAxeViolations(page, 'webhook secret dialog');
      await shown.getByRole('button', { name: 'I have copied it' }).click();

      const row = section.getByRole('row', { name: new RegExp(receiver.url.replace(/[.:/]/g, '\\$&')) });
      await expect(row).toContainText('Enabled');
      await row.getByRole('button', { name: `Send a test event to ${receiver.url}` }).click();
      const log = page.getByRole('dialog', { name: 'Deliveries' });
      const entry = log.getByRole('row', { name: /webhook\.test/ });
      await expect(entry).toContainText('Delivered', { timeout: 15_000 });
      await expect(entry).toContainText('200');

      // What arrived is a Standard Webhooks message signed with the secret shown once.
      expect(receiver.received).toHaveLength(1);
      const message = receiver.received[0]!;
      const verified = new Webhook(secret).verify(message.body, {
        'webhook-id': String(message.headers['webhook-id']),
        'webhook-timestamp': String(message.headers['webhook-timestamp']),
        'webhook-signature': String(message.headers['webhook-signature']),
      });
      expect(verified).toMatchObject({ type: 'webhook.test' });
    } finally {
      await receiver.close();
    }
  });

  test('screenshots for a visual review (SCREENSHOT_DIR=...)', async ({ browser }) => {
    const dir = process.env.SCREENSHOT_DIR;
    test.skip(!dir, 'only when SCREENSHOT_DIR is set');
    test.setTimeout(300_000);
    const receiver = await startReceiver();
    try {
      for (const theme of ['light', 'dark'] as const) {
        for (const lng of ['en', 'ar'] as Lng[]) {
          for (const width of [1280, 375]) {
            const context = await browser.newContext({ viewport: { width, height: 812 } });
            await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
            const page = await context.newPage();
            await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN });
            await page.goto(`/dashboard/api-keys?lng=${lng}`);
            const section = page.locator('section[aria-labelledby="webhooks-heading"]');
            await section.getByRole('button', { name: t(lng, 'panel-network:webhooks.add') }).click();
            await settled(page);
            await page.screenshot({ path: `${dir}/webhook-form-${lng}-${width}-${theme}.png` });
            await page
              .getByLabel(t(lng, 'panel-network:webhooks.form.url'))
              .fill(`${receiver.url}?${lng}${width}`);
            await page
              .getByRole('button', { name: t(lng, 'panel-network:webhooks.form.create') })
              .last()
              .click();
            await settled(page);
            await page.screenshot({ path: `${dir}/webhook-secret-${lng}-${width}-${theme}.png` });
            await page.getByRole('button', { name: t(lng, 'panel-network:webhooks.secret.done') }).click();
            await settled(page);
            await page.screenshot({ path: `${dir}/webhooks-${lng}-${width}-${theme}.png`, fullPage: true });
            await section
              .getByRole('button', {
                name: t(lng, 'panel-network:webhooks.testLabel', { url: `${receiver.url}?${lng}${width}` }),
              })
              .first()
              .click();
            await page.waitForTimeout(2500);
            await settled(page);
            await page.screenshot({ path: `${dir}/webhook-deliveries-${lng}-${width}-${theme}.png` });
            await context.close();
          }
        }
      }
    } finally {
      await receiver.close();
    }
  });
});
