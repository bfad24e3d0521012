/**
 * What each part of the TV poll's floor costs (bench/floor-server.ts): one floor server with every part,
 * one without each part, and one without them all, each in a process of its own, loaded in turn by wrk
 * with (a)'s requests (random devices, 50 connections) in short blocks, round after round, so that
 * every variant meets the machine's drift alike. Needs no bench data (the floor computes its answers).
 * Prints each variant's median rate and main-thread CPU per request, and what leaving its part out
 * saved against the whole floor:
 *
 *   npx tsx bench/floor-parts.ts [rounds] [seconds]
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  bundle,
  cpuSeconds,
  freePort,
  luaHoldFirstRequests,
  luaRandomDevice,
  waitForHealth,
} from './harness';
import { benchKey, benchMac } from './device-ids';

const rounds = Number(process.argv[2] ?? 6);
const seconds = Number(process.argv[3] ?? 4);
const CONNECTIONS = 50;
const HOLD_MS = 250;
const PARTS = ['logger', 'cookies', 'headers', 'origin', 'validation', 'limits'];
const root = path.resolve(import.meta.dirname, '..');
const work = path.join(root, '.bench-data', 'floor-parts');
fs.mkdirSync(work, { recursive: true });
if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is missing: apt-get install -y wrk');

type Variant = { name: string; without: string[]; url: string; child: ChildProcess };
const script = await bundle('bench/floor-server.ts');
const variants: Variant[] = [];
for (const without of [[], ...PARTS.map((part) => [part]), PARTS]) {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      BODY_BYTES: '701',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      FLOOR_WITHOUT: without.join(','),
      FLOOR_SCRATCH_DIR: work,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const name =
    without.length === 0 ? 'the floor' : without.length === 1 ? `without ${without[0]}` : 'without them all';
  variants.push({ name, without, url: `http://127.0.0.1:${port}`, child });
}
const lua = path.join(work, `poll-${process.pid}.lua`);
fs.writeFileSync(
  lua,
  `${luaHoldFirstRequests(CONNECTIONS, HOLD_MS)}${luaRandomDevice(1_000_000)}
function request() return wrk.format("GET", "/api/v1/device?" .. device_query()) end`,
);

/** One block of wrk against one variant: its rate and its main thread's CPU per request (µs). */
async function block(variant: Variant): Promise<{ rps: number; mainUs: number }> {
  const pid = variant.child.pid!;
  const wrk = spawn('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '-s', lua, variant.url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // 'close', not 'exit': the output may still be in the pipe when the process has exited.
  const exited = new Promise<number | null>((resolve) => wrk.once('close', resolve));
  let output = '';
  wrk.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
  const before = cpuSeconds(pid, true);
  if ((await exited) !== 0) throw new Error(`wrk failed against ${variant.name}:\n${output}`);
  const mainCpu = cpuSeconds(pid, true) - before;
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  if (requests === 0) throw new Error(`no requests against ${variant.name}:\n${output}`);
  return { rps: requests / (seconds - HOLD_MS / 1000), mainUs: (1e6 * mainCpu) / requests };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
try {
  for (const variant of variants) {
    await waitForHealth(`${variant.url}/api/v1/device?mac=${benchMac(1)}&cle_mac=${benchKey(1)}`);
  }
  const results = new Map(variants.map((variant) => [variant, [] as { rps: number; mainUs: number }[]]));
  for (const variant of variants) await block(variant); // warm-up: every server's code optimized
  for (let round = 1; round <= rounds; round += 1) {
    // Each round in another order, so that no variant always follows the same one.
    const order = variants.map((_, i) => variants[(i + round) % variants.length]!);
    for (const variant of order) results.get(variant)!.push(await block(variant));
    process.stderr.write(`round ${round} of ${rounds}\n`);
  }
  const whole = median(results.get(variants[0]!)!.map((r) => r.mainUs));
  console.log(`${rounds} rounds of ${seconds} s blocks, wrk -t1 -c${CONNECTIONS}, (a)'s requests; medians:`);
  console.log('| floor server | req/s | main thread µs/req | saved by leaving it out |');
  console.log('|---|---:|---:|---:|');
  for (const variant of variants) {
    const runs = results.get(variant)!;
    const mainUs = median(runs.map((r) => r.mainUs));
    const saved = variant.without.length === 0 ? '' : `${(whole - mainUs).toFixed(1)} µs`;
    console.log(
      `| ${variant.name} | ${Math.round(median(runs.map((r) => r.rps)))} | ${mainUs.toFixed(1)} | ${saved} |`,
    );
  }
} finally {
  for (const variant of variants) variant.child.kill('SIGTERM');
  fs.rmSync(lua, { force: true });
}
