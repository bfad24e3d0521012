// Starts the built server (npm run build) on 127.0.0.1 with a fresh, throw-away database, for the
// measuring scripts (measure-home-js, lighthouse). Stop it with stop(), which ends it by its PID.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** DIST: the build folder (default dist, as `npm run build` writes it). */
export async function startBuiltServer({ dist = process.env.DIST ?? 'dist' } = {}) {
  const distDir = path.resolve(root, dist);
  const main = path.join(distDir, 'server', 'main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(distDir, 'web', 'marketing.html'))) {
    throw new Error(`No production build in ${distDir}: run \`npm run build\` first (or set DIST).`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streambox-measure-'));
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(distDir, 'web'),
      NODE_ENV: 'production',
      // As an operator sets it: canonical and hreflang links, and the sitemap, need the public address.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'measure@localhost.test',
      ADMIN_PASSWORD: 'measure-password-not-used',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/v1/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the server did not start within 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
