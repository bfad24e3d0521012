/**
 * What Node's async hooks cost the TV app's poll (decision 0034): one server on the bench's seeded data,
 * wrk's (a) load in short blocks, with the hooks off and on in turn. A preloaded module switches them
 * on SIGUSR2, with an AsyncLocalStorage that has run once (as the audit context left them after any
 * state-changing request, before 0034) or that is disabled again. Alternating blocks in one process
 * makes the comparison hold on a machine whose speed drifts. Prints each block's main-thread CPU per
 * request and rate, then the means and the pairs in which the hooks cost more:
 *
 *   npx tsx bench/hooks-ab.ts sqlite|postgres [blocks] [seconds]
 *
 * `npm run bench -- --db sqlite|postgres` seeds the data first (1,000,000 devices, 1,000 resellers).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bundle, cpuSeconds, luaRandomDevice, waitForHealth } from './harness';

const kind = process.argv[2];
if (kind !== 'sqlite' && kind !== 'postgres')
  throw new Error('usage: hooks-ab.ts sqlite|postgres [blocks] [seconds]');
const blocks = Number(process.argv[3] ?? 16);
const seconds = Number(process.argv[4] ?? 3);
const DEVICES = 1_000_000;
const root = path.resolve(import.meta.dirname, '..');
const work = path.join(root, '.bench-data', 'hooks-ab');
fs.mkdirSync(work, { recursive: true });

const dataDir = path.join(root, '.bench-data', `sqlite-${DEVICES}-1000`);
const databaseEnv =
  kind === 'sqlite'
    ? { DATA_DIR: dataDir }
    : {
        DATABASE_URL:
          process.env.BENCH_DATABASE_URL ??
          `postgres://postgres@127.0.0.1:5432/streambox_bench_${DEVICES}_1000`,
      };
if (kind === 'sqlite' && !fs.existsSync(path.join(dataDir, 'app.sqlite'))) {
  throw new Error(`no bench data in ${dataDir}: run npm run bench -- --db sqlite first`);
}

const server = await bundle('src/server/main.ts');
const toggle = path.join(work, 'hooks-toggle.mjs');
fs.writeFileSync(
  toggle,
  `import { AsyncLocalStorage } from 'node:async_hooks';
const storage = new AsyncLocalStorage();
let on = false;
process.on('SIGUSR2', () => {
  if (on) storage.disable();
  else storage.run(1, () => {});
  on = !on;
});
`,
);
// Scenario (a)'s requests (bench/run.ts): a random seeded device that is not banned.
const script = path.join(work, 'tv.lua');
fs.writeFileSync(
  script,
  `${luaRandomDevice(DEVICES)}
function request() return wrk.format("GET", "/api/v1/device?" .. device_query()) end
`,
);

const port = 3000 + (process.pid % 20_000);
const base = `http://127.0.0.1:${port}`;
const child: ChildProcess = spawn(process.execPath, ['--import', toggle, server], {
  env: {
    ...process.env,
    ...databaseEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    EXPIRY_SCAN_INTERVAL_MS: '0',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const pid = child.pid!;

function wrk(duration: number): { requests: number; rps: number } {
  const out = execFileSync('wrk', ['-t1', '-c50', `-d${duration}s`, '-s', script, base], {
    encoding: 'utf8',
  });
  return {
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
  };
}

try {
  await waitForHealth(`${base}/api/v1/health`);
  wrk(5);
  const results: { on: boolean; usPerRequest: number; rps: number }[] = [];
  for (let block = 0; block < blocks; block += 1) {
    const on = block % 2 === 1;
    const before = cpuSeconds(pid, true);
    const { requests, rps } = wrk(seconds);
    const usPerRequest = ((cpuSeconds(pid, true) - before) * 1e6) / requests;
    results.push({ on, usPerRequest, rps });
    console.log(
      `hooks ${on ? 'on ' : 'off'}: ${usPerRequest.toFixed(1)} µs a request (main thread), ${rps} req/s`,
    );
    process.kill(pid, 'SIGUSR2');
  }
  const mean = (on: boolean, pick: (r: (typeof results)[0]) => number) => {
    const some = results.filter((r) => r.on === on);
    return some.reduce((sum, r) => sum + pick(r), 0) / some.length;
  };
  let costlier = 0;
  for (let i = 0; i + 1 < results.length; i += 2)
    if (results[i + 1]!.usPerRequest > results[i]!.usPerRequest) costlier += 1;
  console.log(
    `${kind}: hooks off ${mean(false, (r) => r.usPerRequest).toFixed(1)} µs, ${mean(false, (r) => r.rps).toFixed(0)} req/s; ` +
      `on ${mean(true, (r) => r.usPerRequest).toFixed(1)} µs, ${mean(true, (r) => r.rps).toFixed(0)} req/s; ` +
      `on cost more in ${costlier} of ${Math.floor(results.length / 2)} pairs`,
  );
} finally {
  child.kill('SIGTERM');
}
