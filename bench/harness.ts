/** What the bench's scripts share: the server's bundle, its start, its CPU time, the TV app's load. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

export const CLOCK_TICKS =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/**
 * The servers run as production runs them: bundled by esbuild (as `npm run build` does), not through
 * tsx, whose loader and helpers cost time on every request. Answers the bundle's path, in
 * .bench-data/bundle, named after the entry.
 */
export async function bundle(entry: string): Promise<string> {
  const outfile = path.join(root, '.bench-data', 'bundle', `${path.basename(entry, '.ts')}.js`);
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

export async function waitForHealth(url: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${url}`);
}

/**
 * A process's CPU time so far (user + system, all threads), in seconds, from /proc/<pid>/stat; with
 * `mainThread`, its main thread's alone (the task whose id is the pid), which runs every request's
 * JavaScript: on a machine the generator shares, its time per request moves less from run to run
 * than the request rate does.
 */
export function cpuSeconds(pid: number, mainThread = false): number {
  return statCpuSeconds(
    fs.readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8'),
  );
}

/** User + system CPU seconds from the text of a /proc/<pid>/stat. */
export function statCpuSeconds(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 (utime) and 15 (stime) of proc(5); the slice starts at field 3.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** A wrk request() drawing a random valid device (see seed.ts), MAC and key computed as benchMac/benchKey do. */
export function luaRandomDevice(devices: number): string {
  return `
local devices = ${devices}
local function device_query()
  local i = math.random(1, devices)
  while i % 97 == 0 do i = math.random(1, devices) end
  return string.format("mac=02:%02X:%02X:%02X:%02X:%02X&cle_mac=K%09d",
    math.floor(i / 4294967296) % 256, math.floor(i / 16777216) % 256, math.floor(i / 65536) % 256,
    math.floor(i / 256) % 256, i % 256, i)
end
`;
}

/**
 * wrk's Lua `delay` hook holding each of the first `connections` requests (one per connection, as
 * wrk sends a connection's next request only after its answer) for `holdMs`, then none: the server
 * accepts every connection while idle before any loads it (decision 0039). wrk leaves a delay out of
 * the latency; with the hook defined it calls it before every request, which cost wrk about 0.8 µs
 * a request against a trivial server.
 */
export function luaHoldFirstRequests(connections: number, holdMs: number): string {
  return `
local held = 0
function delay()
  if held < ${connections} then
    held = held + 1
    return ${holdMs}
  end
  return 0
end
`;
}

/** A TCP port free on 127.0.0.1 right now, for a server the bench starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
