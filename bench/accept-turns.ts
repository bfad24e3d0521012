/**
 * Decision 0039 in one command: a ten-line Node server that spends 1.2 ms of CPU on each request
 * (about an activation's cost on SQLite) under wrk, 50 connections, one thread, as the bench runs it:
 * first with each connection's first request sent at once, then held 250 ms (bench/run.ts's
 * --hold-ms). For each run: wrk's rate, p99 and max, and the server's accepts (bench/accept-log.mjs):
 * over how long it took the 50 connections in, and how many it took in one turn at most.
 *
 *   npx tsx bench/accept-turns.ts [seconds]      (default 8)
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { luaHoldFirstRequests } from './harness';

const seconds = Number(process.argv[2] ?? 8);
const port = 3999;
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accept-turns-'));
const server = `
require('node:http').createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const until = process.hrtime.bigint() + 1_200_000n;
    while (process.hrtime.bigint() < until);
    response.end('{}');
  });
}).listen(${port}, '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => process.exit(0));`;
for (const [label, script] of [
  ['first requests sent at once', ''],
  ['first requests held 250 ms', luaHoldFirstRequests(50, 250)],
] as const) {
  const child = spawn(
    process.execPath,
    ['--import', path.join(import.meta.dirname, 'accept-log.mjs'), '-e', server],
    { env: { ...process.env, ACCEPT_LOG_DIR: logDir }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve) => child.stdout!.once('data', resolve));
  const scriptFile = path.join(logDir, 'script.lua');
  fs.writeFileSync(scriptFile, script);
  const wrk = spawnSync(
    'wrk',
    ['-t1', '-c50', `-d${seconds}s`, '--latency', '-s', scriptFile, `http://127.0.0.1:${port}/`],
    { encoding: 'utf8' },
  );
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  const lines = wrk.stdout.split('\n').map((l) => l.trim());
  const line = (pattern: RegExp) => lines.find((l) => pattern.test(l)) ?? '';
  const log = path.join(logDir, `accepts-${child.pid}.txt`);
  console.log(`${label}:`);
  const [, mean, , max] = line(/^Latency /).split(/\s+/);
  console.log(
    `  wrk: ${line(/Requests\/sec/)}, latency mean ${mean}, p99 ${line(/^99%/).split(/\s+/)[1]}, max ${max}`,
  );
  console.log(`  server: ${fs.readFileSync(log, 'utf8').trim().split('\n').join('\n  server: ')}`);
}
fs.rmSync(logDir, { recursive: true, force: true });
