#!/usr/bin/env node
// `npm run measure:home-js`: the JavaScript a first visit to the home page loads, gzipped, must stay
// at or under 60 KiB (issue 14; docs/decisions/0018). Starts the production build (npm run build
// first; DIST picks another build folder), opens / in Debian's Chromium like a visitor, records every script the page loads (the
// entry, its preloaded imports, the page's lazy chunk, theme-init.js), and sums their gzipped sizes.
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { startBuiltServer } from './serve-built.mjs';

const BUDGET_BYTES = 60 * 1024;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const server = await startBuiltServer();
let failed = false;
try {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      const url = new URL(response.url());
      if (type !== 'script' && !url.pathname.endsWith('.js')) return;
      try {
        scripts.set(url.pathname, await response.body());
      } catch {
        // a response without a body (redirect): nothing to count
      }
    });
    await page.goto(`${server.origin}/?lng=en`, { waitUntil: 'networkidle' });
    // Give the hydrated page a moment: anything it fetches by itself counts too.
    await page.waitForTimeout(1500);

    let total = 0;
    const rows = [...scripts].map(([file, body]) => {
      const gzipped = zlib.gzipSync(body).length;
      total += gzipped;
      return { file, raw: body.length, gzipped };
    });
    rows.sort((a, b) => b.gzipped - a.gzipped);
    const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
    for (const row of rows)
      console.log(`${kib(row.gzipped).padStart(10)}  ${kib(row.raw).padStart(10)} raw  ${row.file}`);
    console.log(
      `\nHome page, first visit: ${rows.length} scripts, ${kib(total)} gzipped (budget ${kib(BUDGET_BYTES)}).`,
    );
    const panelCode = rows.filter((row) => /panel|device|dashboard|account/.test(row.file));
    if (panelCode.length > 0) {
      console.error(
        `Panel or device-page code loaded on the home page: ${panelCode.map((r) => r.file).join(', ')}`,
      );
      failed = true;
    }
    if (total > BUDGET_BYTES) {
      console.error(`Over budget by ${kib(total - BUDGET_BYTES)}.`);
      failed = true;
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
