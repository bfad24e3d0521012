import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
/** The build to test: `dist` from `npm run build`, or another folder built the same way. */
const dist = process.env.E2E_DIST ?? 'dist';
const dataDir = `.e2e-data-${port}`;
/**
 * The SMTP server e2e/password-reset.spec.ts starts and reads: the built server sends its mail there
 * (the port after the app's, unless E2E_SMTP_PORT says otherwise).
 */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? port + 1);
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' };

/**
 * Runs against the production build (npm run build first) on a fresh SQLite database,
 * in Debian's Chromium: no browser download.
 */
export default defineConfig({
  testDir: './e2e',
  // Files run on two workers against one server; tests inside a file keep their order. Every spec makes its
  // own people and devices (random MACs, per-run e-mails), so files never depend on one another.
  fullyParallel: false,
  workers: 2,
  // Two retries in CI: on a starved machine a step can miss its window twice; a real failure fails three times.
  retries: process.env.CI ? 2 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // CI shares two cores between the server, two browsers and the runner: a step that takes 1 s here
  // can take several there, so CI waits longer before calling a step failed (never a timing claim).
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf ${dataDir} && node ${dist}/server/main.js`,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: `${dist}/web`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Every spec registers its devices from 127.0.0.1; the per-address limit is tested in the API suite.
      DEVICE_REGISTRATIONS_PER_HOUR: '10000',
      // And their public forms: a retried test would otherwise meet the 429 its first attempt earned.
      PUBLIC_FORMS_PER_HOUR: '10000',
      // The webhooks spec delivers to a receiver it starts on 127.0.0.1 (refused in production).
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      // The device-page spec's playlists live on a fake IPTV server it starts on 127.0.0.1 (the probe
      // refuses private addresses in production).
      PLAYLIST_PROBE_ALLOW_PRIVATE: '127.0.0.1/32',
      // e2e/password-reset.spec.ts starts an SMTP server on this port and reads what the server sends.
      // Until it does, a send fails and is retried by the outbox, as with any SMTP server that is down.
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    },
  },
});
