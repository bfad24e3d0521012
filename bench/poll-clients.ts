/**
 * Scenario (f) of npm run bench, run in its own process (bundled by run.ts): CLIENTS TV apps, each
 * with its own keep-alive connection (an agent with one socket) and its own device, polling
 * GET /api/v1/device once a second (each poll 0.9-1.1 s after the previous one was due, the first
 * within the first second) for DURATION seconds. wrk cannot pace requests; this can, and holds the
 * many idle sockets a real fleet keeps open. Prints one JSON line on stdout, then keeps the sockets
 * open until its stdin closes, so run.ts can read the server's RSS with all clients still connected.
 */
import http from 'node:http';
import { benchKey, benchMac } from './device-ids';

const base = new URL(process.env.TARGET_URL!);
const clients = Number(process.env.CLIENTS ?? 1000);
const durationMs = Number(process.env.DURATION ?? 10) * 1000;
const devices = Number(process.env.DEVICES);

const latencies: number[] = [];
/** The latencies of the polls sent in each second of the run: a slow start shows apart from the rest. */
const bySecond: number[][] = [];
const statuses: Record<string, number> = {};
let errors = 0;
let late = 0;
let sockets = 0;
const agents: http.Agent[] = [];
const started = performance.now();
const stopAt = started + durationMs;

function validDevice(): number {
  let i = 1 + Math.floor(Math.random() * devices);
  while (i % 97 === 0) i = 1 + Math.floor(Math.random() * devices);
  return i;
}

function poll(agent: http.Agent, path: string): Promise<void> {
  return new Promise((resolve) => {
    const sent = performance.now();
    const request = http.get(
      { host: base.hostname, port: base.port, path, agent, timeout: 10_000 },
      (response) => {
        response.resume();
        response.on('end', () => {
          const latency = performance.now() - sent;
          latencies.push(latency);
          (bySecond[Math.floor((sent - started) / 1000)] ??= []).push(latency);
          statuses[response.statusCode!] = (statuses[response.statusCode!] ?? 0) + 1;
          resolve();
        });
      },
    );
    request.on('socket', (socket) => {
      if (!(socket as { counted?: boolean }).counted) {
        (socket as { counted?: boolean }).counted = true;
        sockets += 1;
      }
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => {
      errors += 1;
      resolve();
    });
  });
}

async function client(): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  const i = validDevice();
  const path = `/api/v1/device?mac=${benchMac(i)}&cle_mac=${benchKey(i)}`;
  let due = started + Math.random() * 1000;
  while (due < stopAt) {
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    else if (wait < -100) late += 1;
    await poll(agent, path);
    due += 900 + Math.random() * 200;
  }
}

await Promise.all(Array.from({ length: clients }, () => client()));
const elapsed = (performance.now() - started) / 1000;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
latencies.sort((a, b) => a - b);
const at = (p: number) => percentile(latencies, p);
for (const [second, polls] of bySecond.entries()) {
  if (!polls) continue;
  polls.sort((a, b) => a - b);
  process.stderr.write(
    `  (f) polls sent in second ${second + 1}: ${polls.length}, p50 ${percentile(polls, 50).toFixed(1)} ms, p95 ${percentile(polls, 95).toFixed(1)} ms, max ${polls.at(-1)!.toFixed(1)} ms\n`,
  );
}
process.stdout.write(
  `${JSON.stringify({
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    statuses,
    errors,
    late,
    sockets,
  })}\n`,
);
process.stdin.resume();
process.stdin.on('end', () => {
  for (const agent of agents) agent.destroy();
  process.exit(0);
});
