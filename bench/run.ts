/**
 * npm run bench: seeds a realistic data set and measures the hot paths with wrk (required: the Debian
 * package wrk, apt-get install -y wrk; the bench stops with that message when it is missing), one
 * thread and 50 connections against a server in its own process on this machine, next to a bare
 * Fastify route answering the same JSON size to the same requests, measured in the same run; every
 * ratio is against that route, run again just before each run that has a ratio (decision 0046: this
 * machine's speed drifts within minutes). A second reference runs in the same bare process: that
 * route plus the TV app's lookup on the same data and nothing else (the ceiling for (a) on this machine). The data
 * set is read before every scenario, so lookups measure memory, not the disk (warmUp), and nothing
 * is measured before the server is idle after its start (waitUntilIdle). wrk's Lua scripts (written
 * per scenario into .bench-data/tmp) draw a random valid MAC + key per request, and report
 * per-request p50/p95/p99, status counts and wrk's own CPU time. For every scenario the table shows req/s, latency, statuses, errors, the server's and
 * the generator's CPU use (% of one core, from /proc/<pid>/stat) so a saturated generator shows, and
 * the server's peak RSS during that scenario.
 *
 * Scenarios: (a) the TV app's GET /api/v1/device, (b) a reseller's device list with search and
 * filters, (c) the admin dashboard, (d) activation, (e) the TV app re-polling with If-None-Match
 * (the ETags of 20,000 random devices fetched first, each re-polled once; answered 304), (f) 1,000
 * keep-alive TV clients each polling once a second with jitter (bench/poll-clients.ts in its own process, since wrk cannot
 * pace requests; also the server's RSS at the end, clients still connected), run last on a freshly
 * started server once it is idle, so its RSS is that load's own.
 *
 * Options: --db sqlite|postgres|both (default both), --devices N (default 1,000,000), --resellers N
 * (1,000), --duration S per scenario (10), --connections N (50, for wrk), --fresh (re-seed even when
 * a seeded data set of that size exists), --scenarios a,b,c,d,e,f,g (a subset, or none; the bare
 * route and the ceiling always run), --profile (the server runs under V8's CPU profiler; its top functions by self time during
 * the last scenario are printed, and the .cpuprofile is kept in .bench-data/profiles for Chrome's
 * DevTools; use it with one scenario: profiling slows the server, so its figures are not
 * comparable), --perf (Linux perf on the server during each wrk scenario: on-CPU time, kernel
 * included; see recordPerf), --repeat N (median of N runs of each measurement, by req/s),
 * --redis (the server uses Redis at BENCH_REDIS_URL, default redis://127.0.0.1:6379, as a
 * deployment of several instances on PostgreSQL does: guessing limits count there, not in the
 * database), --statements (SQLite: the time the server's main thread spent in each SQL statement,
 * its calls, mean and longest, the event loop's delay, and each request's time inside the server,
 * from the server's start to its stop; bench/statement-timings.ts; use it with one scenario),
 * --hold-ms N (each wrk connection holds its first request N ms, 250 by default; see HOLD_MS),
 * --cold-repolls ((e) without the one re-poll of each device before wrk starts; see RE_POLL_FIRST),
 * --warm-up S (seconds of the same requests, unmeasured, before each wrk run: 3 by default, 0 for
 * none; see WARM_UP_SECONDS), --tv-polls-beside N ((b), (c), (d) and (g) run while TV apps poll, about
 * N a second; see TV_POLLS_BESIDE).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db';
import { migrateToLatest } from '../src/server/db/migrate';
import {
  CLOCK_TICKS,
  bundle,
  cpuSeconds,
  freePort,
  luaHoldFirstRequests,
  luaRandomDevice,
  statCpuSeconds,
  waitForHealth,
} from './harness';
import { summarizeInclusive, summarizeProfile } from './profile-summary';
import type { StatementTimings } from './statement-timings';
import { ADMIN_EMAIL, BENCH_PASSWORD, RESELLER_EMAIL, SEED_VERSION, benchKey, benchMac, seed } from './seed';
import { LIST_PAGES, LIST_PER_PAGE, LIST_RESELLER_INDEX, LIST_STATUSES, listSearches } from './list-mix';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    devices: { type: 'string', default: '1000000' },
    resellers: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    fresh: { type: 'boolean', default: false },
    scenarios: { type: 'string', default: 'a,b,c,d,e,f,g' },
    repeat: { type: 'string', default: '1' },
    profile: { type: 'boolean', default: false },
    redis: { type: 'boolean', default: false },
    perf: { type: 'boolean', default: false },
    statements: { type: 'boolean', default: false },
    'hold-ms': { type: 'string', default: '250' },
    'cold-repolls': { type: 'boolean', default: false },
    'warm-up': { type: 'string', default: '3' },
    'tv-polls-beside': { type: 'string', default: '0' },
  },
});
const DEVICES = Number(args.devices);
const RESELLERS = Number(args.resellers);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
/**
 * How long each wrk connection holds its first request (decision 0039). Node 20's libuv accepts one
 * connection per turn of the event loop, so connections opened at once into a server that their
 * first requests already saturate are taken in one per turn, the last after 1.5 s in activation's
 * runs; wrk's correction for coordinated omission then counts each such wait many times, and they
 * made (d)'s p99. Held, every connection is accepted while the server is idle, and the scenario
 * measures 50 clients already connected. --hold-ms 0 gives the earlier measurement.
 */
const HOLD_MS = Number(args['hold-ms']);
/**
 * Seconds of the same requests sent to the same server, unmeasured, before each measured wrk run
 * (decision 0059). The bench measures the server's steady state (decision 0019); a server's first
 * half second of a path it has not run yet is slower (its code not yet optimized: turns of 15-30 ms
 * in (a)'s first run), and wrk's tail counted that once per server. --warm-up 0 gives the earlier
 * measurement; (f) measures a restarted server's first seconds on purpose and has none.
 */
const WARM_UP_SECONDS = Number(args['warm-up']);
/**
 * TV polls a second sent beside the panel's and the reseller API's scenarios ((b), (c), (d), (g)),
 * from their warm-up's start to their run's end; 0, none. A server answers both at once in production,
 * and on PostgreSQL without Redis each poll writes its guessing limits (decision 0010), which the
 * sessions kept in memory must survive (decision 0063). Sent by a second wrk with
 * TV_POLLS_BESIDE_CONNECTIONS connections, each pausing between its requests; its rate is printed.
 */
const TV_POLLS_BESIDE = Number(args['tv-polls-beside']);
const TV_POLLS_BESIDE_CONNECTIONS = 10;
/** `none`: the bare route and the ceiling only (decision 0040 compares bare servers with it). */
const SCENARIOS = new Set(args.scenarios === 'none' ? [] : args.scenarios.split(','));
const unknownScenarios = [...SCENARIOS].filter((name) => !'abcdefg'.split('').includes(name));
if (unknownScenarios.length > 0) {
  process.stderr.write(
    `--scenarios takes a subset of a,b,c,d,e,f,g, or none; not ${unknownScenarios.join(', ')}\n`,
  );
  process.exit(2);
}
const REPEAT = Math.max(1, Number(args.repeat));
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

type Scenario = {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Socket errors and timeouts (connect, read, write, timeout). */
  errors: number;
  /** Responses by status code. */
  statuses: Record<string, number>;
  /** The load generator's CPU use and the server's, % of one core, during the scenario. */
  generatorCpu: number;
  serverCpu: number;
  /** The server's CPU time per response, all threads and the main thread's alone (µs). */
  cpuPerRequestUs: number;
  mainCpuPerRequestUs: number;
  /** PostgreSQL's processes' CPU (% of one core; printed for PostgreSQL only). */
  databaseCpu: number;
  /** The machine's idle CPU (% of one core, out of 100 per core): none left means saturated. */
  machineIdle: number;
  /**
   * CPU the hypervisor gave to other machines while this one had work for it (steal, % of one core):
   * time neither the server nor the generator had, so runs with much of it are slower for no reason
   * of their own (a session's machine lost a quarter of its cores this way under load).
   */
  machineStolen: number;
  /** The server's peak RSS during the scenario (MB). */
  rssMb: number;
  /** (f): the server's RSS at the end, every client still connected. */
  rssAtEndMb?: number;
  /** (a), (e), their floors, the ceiling: req/s over the bare route's, measured just before. */
  ratio?: number;
  /** The bare route's req/s that `ratio` divides by. */
  bareRps?: number;
};
type Run = { db: string; seedSeconds: number | null; scenarios: Scenario[] };

const TMP_DIR = path.join(root, '.bench-data', 'tmp');

const PROFILE_DIR = path.join(root, '.bench-data', 'profiles');

function startProcess(script: string, env: Record<string, string>, nodeOptions: string[] = []): ChildProcess {
  return track(
    spawn(process.execPath, [...nodeOptions, script], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * CPU time so far of every PostgreSQL process on this machine (the backends that serve the server's
 * statements, and PostgreSQL's own writers), in seconds. On this one machine they share the cores with
 * the server and the generator: with the idle time below, the table shows where the cores went. A
 * backend that exits during a scenario takes its time with it; the server's pool keeps its own open.
 */
function databaseCpuSeconds(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    if (stat.includes(' (postgres) ')) total += statCpuSeconds(stat);
  }
  return total;
}

/** The machine's idle time (idle and iowait) and stolen time so far, all cores, in seconds (/proc/stat). */
function machineSeconds(): { idle: number; stolen: number } {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  return { idle: (Number(cpu[4]) + Number(cpu[5])) / CLOCK_TICKS, stolen: Number(cpu[8]) / CLOCK_TICKS };
}

/**
 * Where the cores went during a scenario: read before it, `end` right after, in seconds of CPU; the
 * caller divides by the scenario's own duration, as for the server's CPU. PostgreSQL's CPU is read on
 * both databases and shown on PostgreSQL's rows only (on SQLite it idles).
 */
function coresAccount() {
  const databaseBefore = databaseCpuSeconds();
  const machineBefore = machineSeconds();
  return {
    end: () => {
      const machine = machineSeconds();
      return {
        databaseSeconds: databaseCpuSeconds() - databaseBefore,
        idleSeconds: machine.idle - machineBefore.idle,
        stolenSeconds: machine.stolen - machineBefore.stolen,
      };
    },
  };
}

/**
 * Waits until the server has used under 5% of a core for two seconds in a row (at most two minutes):
 * a server that just started may still deliver the outbox's backlog (the events of the last run's
 * activations); measured meanwhile, every scenario, the bare route's included (it shares the
 * cores), would measure that too.
 */
async function waitUntilIdle(pid: number): Promise<number> {
  const started = performance.now();
  let quiet = 0;
  while (quiet < 2 && performance.now() - started < 120_000) {
    const before = cpuSeconds(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    quiet = cpuSeconds(pid) - before < 0.05 ? quiet + 1 : 0;
  }
  return (performance.now() - started) / 1000;
}

/** Resets the process's peak RSS (VmHWM) to its current RSS (proc(5), clear_refs), so each scenario has its own peak. */
function resetPeakRss(pid: number): void {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not allowed here: the peak is then the process's since it started
  }
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** A scenario's run wrapped so a run of the bare route precedes it and its ratio is against that. */
type RatioRun = (run: () => Promise<Scenario>) => () => Promise<Scenario>;
/** --repeat's median for the rows with a ratio: the run of median ratio. */
const byRatio = (scenario: Scenario) => scenario.ratio ?? 0;

/**
 * --repeat N: each measurement is taken N times and the median run (by req/s, or by `rank`) is
 * kept, for hosts whose speed drifts from one run to the next (on this virtual machine the same build measured from
 * 9,000 to 16,000 req/s). Every run's rate and tail go to stderr: the first run of a scenario meets a
 * server that has not run it yet (cold code, the first dashboard's count), and its p99 shows that.
 */
async function load(
  run: () => Promise<Scenario>,
  rank: (scenario: Scenario) => number = (scenario) => scenario.rps,
): Promise<Scenario> {
  const runs: Scenario[] = [];
  for (let i = 0; i < REPEAT; i += 1) {
    const result = await run();
    runs.push(result);
    if (REPEAT > 1) {
      process.stderr.write(
        `  run ${i + 1}/${REPEAT} of ${result.name}: ${Math.round(result.rps)} req/s, p95 ${result.p95} ms, p99 ${result.p99} ms\n`,
      );
    }
  }
  runs.sort((a, b) => rank(a) - rank(b));
  return runs[Math.floor(runs.length / 2)]!;
}

/** Every child process started (servers, wrk, the pollers), so none outlives the bench, even on failure. */
const children = new Set<ChildProcess>();
function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(130);
  });
}

/** wrk's version, or a one-line message and exit 1 when it is not installed: there is no fallback. */
function wrkVersion(): string {
  const probe = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  if (probe.error) {
    process.stderr.write(
      'npm run bench needs wrk: install the Debian package wrk (apt-get install -y wrk)\n',
    );
    process.exit(1);
  }
  return `${probe.stdout}${probe.stderr}`
    .split('\n')[0]!
    .replace(/ Copyright.*$/, '')
    .trim();
}

const LUA_COMMON = `
-- Written by bench/run.ts. Status counts per thread (response), gathered in done with the latency
-- percentiles (microseconds) and wrk's own CPU time (clock ticks, /proc/self/stat) as one JSON line.
-- Defining response makes wrk hand every response to Lua: measured against the bare route, wrk's
-- cost went from about 5.9 to 6.2 us per request (~160,000 req/s per core), well above any server
-- rate here, so statuses are counted rather than inferred from summary.errors.status (>= 400 only).
local function cpu_ticks()
  local f = io.open("/proc/self/stat")
  local s = f:read("*a")
  f:close()
  local fields = {}
  for w in s:match("%) (.*)$"):gmatch("%S+") do fields[#fields + 1] = w end
  return tonumber(fields[12]) + tonumber(fields[13])
end
start_ticks = cpu_ticks()
counts = {}
local threads = {}
function setup(thread)
  threads[#threads + 1] = thread
end
function init(args)
  math.randomseed(os.time() + (tonumber(tostring({}):match("0x(%x+)"), 16) or 0) % 100000)
end
function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
end
${HOLD_MS > 0 ? luaHoldFirstRequests(CONNECTIONS, HOLD_MS) : ''}
function done(summary, latency, requests)
  local codes = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("counts")) do codes[#codes + 1] = string.format('"%d":%d', status, n) end
  end
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"duration_us":%d,"p50":%.0f,"p95":%.0f,"p99":%.0f,"errors":%d,"cpu_ticks":%d,"statuses":{%s}}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, cpu_ticks() - start_ticks, table.concat(codes, ",")))
end
`;

/** A Lua string literal for ASCII text (JSON's escapes are Lua's for ASCII). */
function lua(text: string): string {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`not printable ASCII: ${text}`);
  return JSON.stringify(text);
}

/**
 * One wrk run (one thread: the server gets the other core) of DURATION seconds with CONNECTIONS
 * keep-alive connections; `script` defines request(). The server's CPU time and peak RSS are read
 * around it, wrk's own CPU time inside it (its done callback).
 */
type WrkSummary = {
  requests: number;
  duration_us: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  cpu_ticks: number;
  statuses: Record<string, number>;
};

/**
 * Starts wrk on a script file for `seconds`; `finished` is its summary (the done callback's line).
 * Listened for at once: a wrk that fails at the start (bad arguments, no server) exits within the
 * connections' hold, and an end that came before anyone listened would leave the bench waiting
 * forever. 'close', not 'exit': wrk's summary may still be in the pipe when the process has exited.
 */
function startWrk(name: string, url: string, file: string, seconds: number): Promise<WrkSummary> {
  const child = track(
    spawn('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '10s', '-s', file, url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<number | null>((resolve) => child.once('close', resolve)).then((code) => {
    const line = output.split('\n').find((l) => l.startsWith('BENCH_JSON '));
    if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}) for ${name}:\n${output}`);
    return JSON.parse(line.slice('BENCH_JSON '.length)) as WrkSummary;
  });
}

/**
 * TV polls at about `perSecond` while a scenario runs (TV_POLLS_BESIDE), until `stop` (SIGINT: wrk
 * ends its run and prints its summary), which answers the rate reached.
 */
function tvPollsBeside(url: string, perSecond: number): { stop: () => Promise<number> } {
  const file = path.join(TMP_DIR, `beside-${process.pid}-${Date.now()}.lua`);
  const pauseMs = Math.round((TV_POLLS_BESIDE_CONNECTIONS * 1000) / perSecond);
  fs.writeFileSync(file, `${tvPollLua()}\nfunction delay() return ${pauseMs} end\n`);
  const seconds = WARM_UP_SECONDS + DURATION + 60;
  const child = track(
    spawn('wrk', ['-t1', `-c${TV_POLLS_BESIDE_CONNECTIONS}`, `-d${seconds}s`, '-s', file, url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    stop: async () => {
      child.kill('SIGINT');
      await closed;
      fs.rmSync(file, { force: true });
      return Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? Number.NaN);
    },
  };
}

/** The name of a scenario run with TV polls beside it (TV_POLLS_BESIDE). */
function withPollsBeside(name: string): string {
  return TV_POLLS_BESIDE > 0 ? `${name}, TVs polling beside (about ${TV_POLLS_BESIDE}/s)` : name;
}

async function wrkOnce(
  name: string,
  url: string,
  serverPid: number,
  script: string,
  { pollsBeside = false } = {},
): Promise<Scenario> {
  const beside = pollsBeside && TV_POLLS_BESIDE > 0 ? tvPollsBeside(url, TV_POLLS_BESIDE) : null;
  try {
    return await wrkMeasured(name, url, serverPid, script);
  } finally {
    const rate = await beside?.stop();
    if (rate !== undefined) process.stderr.write(`  TV polls beside ${name}: ${Math.round(rate)} a second\n`);
  }
}

async function wrkMeasured(name: string, url: string, serverPid: number, script: string): Promise<Scenario> {
  const file = path.join(TMP_DIR, `scenario-${process.pid}-${Date.now()}.lua`);
  fs.writeFileSync(file, `${LUA_COMMON}\n${script}`);
  if (WARM_UP_SECONDS > 0) {
    const warm = await startWrk(name, url, file, WARM_UP_SECONDS);
    process.stderr.write(
      `  warm-up of ${name} (unmeasured): ${Math.round(warm.requests / (warm.duration_us / 1e6 - HOLD_MS / 1000))} req/s, p99 ${warm.p99 / 1000} ms\n`,
    );
  }
  resetPeakRss(serverPid);
  const finished = startWrk(name, url, file, DURATION);
  finished.catch(() => {}); // awaited below, after the hold
  // CPU and idle are counted from the end of the connections' hold, as the requests are.
  await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
  const serverCpuBefore = cpuSeconds(serverPid);
  const mainCpuBefore = cpuSeconds(serverPid, true);
  const cores = coresAccount();
  const recording = args.perf ? recordPerf(name, serverPid) : null;
  const r = await finished.finally(() => fs.rmSync(file, { force: true }));
  const serverCpu = cpuSeconds(serverPid) - serverCpuBefore;
  const mainCpu = cpuSeconds(serverPid, true) - mainCpuBefore;
  const coresUsed = cores.end();
  if (recording) await recording;
  // No request is sent during the hold: the rate is over the time after it.
  const seconds = r.duration_us / 1e6 - HOLD_MS / 1000;
  return {
    name,
    rps: Math.round(r.requests / seconds),
    p50: r.p50 / 1000,
    p95: r.p95 / 1000,
    p99: r.p99 / 1000,
    errors: r.errors,
    statuses: r.statuses,
    generatorCpu: (100 * r.cpu_ticks) / CLOCK_TICKS / seconds,
    serverCpu: (100 * serverCpu) / seconds,
    cpuPerRequestUs: (1e6 * serverCpu) / Math.max(1, r.requests),
    mainCpuPerRequestUs: (1e6 * mainCpu) / Math.max(1, r.requests),
    databaseCpu: (100 * coresUsed.databaseSeconds) / seconds,
    machineIdle: (100 * coresUsed.idleSeconds) / seconds,
    machineStolen: (100 * coresUsed.stolenSeconds) / seconds,
    rssMb: peakRssMb(serverPid),
  };
}

/**
 * --perf: Linux perf samples the server's threads on the CPU, kernel included, during the middle of a
 * scenario; V8's profiler (--profile) counts wall time, so time off the CPU lands on whatever function
 * was running, and it cannot see inside the kernel. Prints, per scenario, the share of the server's
 * CPU in the socket writes, in waking the reader of the other end (the load generator, when it
 * sleeps) and in SQLite, and the top symbols by their own time.
 */
async function recordPerf(name: string, pid: number): Promise<void> {
  const file = path.join(PROFILE_DIR, `perf-${pid}-${Date.now()}.data`);
  fs.mkdirSync(PROFILE_DIR, { recursive: true });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const seconds = String(Math.max(1, DURATION - 3));
  const record = spawnSync(
    'perf',
    ['record', '-F', '999', '-g', '-o', file, '-p', String(pid), '--', 'sleep', seconds],
    {
      encoding: 'utf8',
    },
  );
  if (record.status !== 0) {
    process.stderr.write(
      `  perf record failed (is perf installed?): ${record.stderr.trim().split('\n').pop()}\n`,
    );
    return;
  }
  const report = (extra: string[]) =>
    spawnSync('perf', ['report', '-i', file, '--stdio', '--sort', 'sym', ...extra], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }).stdout;
  const inclusive = report(['--children', '-g', 'none']);
  const share = (symbol: string) => {
    const line = inclusive
      .split('\n')
      .find((l) => l.trim().endsWith(` ${symbol}`) || l.includes(`] ${symbol}`));
    return line ? line.trim().split(/\s+/)[0] : '0%';
  };
  const self = report(['--no-children', '-g', 'none'])
    .split('\n')
    .filter((l) => /^\s+\d/.test(l))
    .slice(0, 8)
    .map((l) => `    ${l.trim().replace(/\s+/g, ' ').slice(0, 110)}`);
  process.stderr.write(
    `  perf, ${name}: socket writes ${share('__GI___writev')} (waking the reader ${share('sock_def_readable')}), ` +
      `SQLite ${share('sqlite3_step')} of the server's CPU (${file})\n${self.join('\n')}\n`,
  );
}

async function signIn(base: string, email: string): Promise<{ cookie: string; id: number }> {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  const body = (await response.json()) as { user: { id: number } };
  return { cookie: response.headers.get('set-cookie')!.split(';')[0]!, id: body.user.id };
}

/**
 * `count` devices reseller r (0-based) can activate: owned, not banned, not lifetime (seed.ts). (d)
 * and (g) measure activations; a lifetime device answers 409 without writing anything, and a third of
 * a reseller's devices are lifetime.
 */
/** Whose devices (d) and (g) activate (0-based, as LIST_RESELLER_INDEX): not (b)'s reseller. */
const ACTIVATING_RESELLER_INDEX = 2;

function activatableDevicesOf(r: number, count: number): number[] {
  const devices: number[] = [];
  for (let k = 0; devices.length < count; k += 1) {
    const i = r + RESELLERS * k;
    if (i !== 0 && i % 10 !== 0 && i % 97 !== 0 && i % 3 !== 2 && i <= DEVICES) devices.push(i);
    if (i > DEVICES) throw new Error(`reseller ${r} has fewer than ${count} activatable devices`);
  }
  return devices;
}

async function prepare(
  kind: 'sqlite' | 'postgres',
): Promise<{ env: Record<string, string>; seedSeconds: number | null }> {
  const marker = `${DEVICES}-${RESELLERS}`;
  // Kept beside each data set (SQLite: a file; PostgreSQL: the database's comment): one seeded by an
  // older seed is made again.
  const seedTag = `${marker} seed v${SEED_VERSION}`;
  if (kind === 'sqlite') {
    // One folder per size, so a small run does not throw away the big data set.
    const dataDir = path.join(root, '.bench-data', `sqlite-${marker}`);
    const markerFile = path.join(dataDir, 'seeded');
    if (!args.fresh && fs.existsSync(markerFile) && fs.readFileSync(markerFile, 'utf8') === seedTag) {
      return { env: { DATA_DIR: dataDir }, seedSeconds: null };
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    const handle = openDatabase({ kind: 'sqlite', filename: path.join(dataDir, 'app.sqlite') });
    await migrateToLatest(handle);
    const started = performance.now();
    await seed(handle, DEVICES, RESELLERS);
    const seedSeconds = (performance.now() - started) / 1000;
    await handle.destroy();
    fs.writeFileSync(markerFile, seedTag);
    return { env: { DATA_DIR: dataDir }, seedSeconds };
  }
  const name = `streambox_bench_${DEVICES}_${RESELLERS}`;
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  const kept = await admin.query<{ tag: string | null }>(
    "SELECT shobj_description(oid, 'pg_database') AS tag FROM pg_database WHERE datname = $1",
    [name],
  );
  if (kept.rows[0]?.tag === seedTag && !args.fresh) {
    await admin.end();
    return { env: { DATABASE_URL: url.toString() }, seedSeconds: null };
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const handle = openDatabase({ kind: 'postgres', url: url.toString() });
  await migrateToLatest(handle);
  const started = performance.now();
  await seed(handle, DEVICES, RESELLERS);
  const seedSeconds = (performance.now() - started) / 1000;
  await sql`COMMENT ON DATABASE ${sql.id(name)} IS ${sql.lit(seedTag)}`.execute(handle.db);
  await handle.destroy();
  return { env: { DATABASE_URL: url.toString() }, seedSeconds };
}

/**
 * Reads the data set, so the measurement sees the server's steady state: a database that fits in
 * memory is in the OS page cache once it has been read. A freshly seeded or copied file is not, and
 * random lookups then measure the disk (on this machine 1.3 of 1.8 GB were cached after seeding, and
 * the TV app's lookup ran at half its speed). This VM's host also takes cached pages back within
 * minutes (fincore showed 1.1 GB again soon after), so it runs before every scenario. On PostgreSQL
 * every table and index of the schema is read with pg_prewarm (contrib) into the OS cache, after a
 * VACUUM (ANALYZE): this machine's PostgreSQL runs without autovacuum (`SHOW autovacuum` is off), so
 * the dead rows of every earlier scenario stayed (the reseller's row of a balance debited 65,000 times,
 * the outbox's deliveries) and each run measured a database slower than the one before (decision 0024).
 * A production server vacuums as it goes.
 */
async function warmUp(env: Record<string, string>): Promise<{ gb: number; seconds: number }> {
  const started = performance.now();
  let bytes = 0;
  if (env.DATA_DIR) {
    const file = fs.openSync(path.join(env.DATA_DIR, 'app.sqlite'), 'r');
    const buffer = Buffer.alloc(8 * 1024 * 1024);
    for (let read; (read = fs.readSync(file, buffer, 0, buffer.length, null)) > 0;) bytes += read;
    fs.closeSync(file);
  } else {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      await client.query('VACUUM (ANALYZE)');
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
      const { rows } = await client.query<{ blocks: string }>(
        `SELECT coalesce(sum(pg_prewarm(c.oid, 'read')), 0) AS blocks FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i')`,
      );
      bytes = Number(rows[0]!.blocks) * 8192;
    } finally {
      await client.end();
    }
  }
  return { gb: bytes / 1e9, seconds: (performance.now() - started) / 1000 };
}

async function benchmark(kind: 'sqlite' | 'postgres'): Promise<Run> {
  process.stderr.write(`\n[${kind}] preparing ${DEVICES.toLocaleString('en')} devices...\n`);
  const { env, seedSeconds } = await prepare(kind);
  if (seedSeconds !== null) process.stderr.write(`[${kind}] seeded in ${seedSeconds.toFixed(1)} s\n`);
  const warmed = await warmUp(env);
  process.stderr.write(
    `[${kind}] read ${warmed.gb.toFixed(2)} GB into the page cache in ${warmed.seconds.toFixed(1)} s\n`,
  );

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profileName = `${kind}-${Date.now()}.cpuprofile`;
  const serverScript = await bundle('src/server/main.ts');
  const startServer = (nodeOptions: string[] = []) =>
    startProcess(
      serverScript,
      {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        // (g) sends one key's calls as fast as the server answers: the per-key limit (600/min by
        // default, tested in the API suite) would turn the measurement into one of 429s.
        API_RATE_LIMIT_PER_MINUTE: '1000000',
        // The expiry scan is a background job, not a scenario: on a data set that aged since it was
        // seeded, its first pass writes a notice and an event for every device that entered a window
        // (hundreds of thousands on PostgreSQL here), for minutes, on the same two cores.
        EXPIRY_SCAN_INTERVAL_MS: '0',
        // --redis: guessing limits, sessions' rate limits and caches in Redis, as several instances run.
        ...(args.redis ? { REDIS_URL: BENCH_REDIS_URL, REDIS_PREFIX: `bench-${process.pid}:` } : {}),
        ...(args.statements ? { BENCH_STATEMENTS_FILE: statementsFile } : {}),
      },
      nodeOptions,
    );
  fs.mkdirSync(TMP_DIR, { recursive: true });
  const statementsFile = path.join(TMP_DIR, `statements-${process.pid}-${kind}.json`);
  /** The bare route's process, kept until the end: every ratio's run is preceded by one of its own. */
  let bare: ChildProcess | undefined;
  // Every server of this database gets them, (f)'s restarted ones too: each writes the same file at
  // its exit, so what is printed at the end is the last scenario's server, as --profile promises.
  const measuredServerFlags = [
    ...(args.profile ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR, '--cpu-prof-name', profileName] : []),
    ...(args.statements ? ['--import', await bundle('bench/statement-timings.ts')] : []),
  ];
  let server = startServer(measuredServerFlags);
  const serverPid = server.pid!;
  try {
    await waitForHealth(`${base}/api/v1/health`);
    const settled = await waitUntilIdle(serverPid);
    process.stderr.write(`[${kind}] the server was idle ${settled.toFixed(0)} s after it answered\n`);
    const sample = await fetch(`${base}/api/v1/device?mac=${benchMac(1)}&cle_mac=${benchKey(1)}`);
    const bodyBytes = (await sample.text()).length;

    const barePort = await freePort();
    bare = startProcess(await bundle('bench/bare-server.ts'), {
      PORT: String(barePort),
      BODY_BYTES: String(bodyBytes),
      ...(env.DATA_DIR
        ? { LOOKUP_SQLITE: path.join(env.DATA_DIR, 'app.sqlite') }
        : { LOOKUP_POSTGRES: env.DATABASE_URL! }),
    });
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const barePid = bare.pid!;
    await waitForHealth(`${bareUrl}/bare`);
    process.stderr.write(`[${kind}] bare route (${bodyBytes} B)...\n`);
    // The same request as (a), random MAC and key in the query, so wrk does the same work for both.
    const bareRoute = (route: string) =>
      `${luaRandomDevice(DEVICES)}
function request() return wrk.format("GET", "/${route}?" .. device_query()) end`;
    const bareRun = () => wrkOnce('bare Fastify route (same JSON size)', bareUrl, barePid, bareRoute('bare'));
    const bareResult = await load(bareRun);
    process.stderr.write(`[${kind}] bare route + the TV lookup...\n`);
    await warmUp(env);
    const ceilingResult = await load(() =>
      wrkOnce('bare route + the TV lookup, nothing else (ceiling)', bareUrl, barePid, bareRoute('lookup')),
    );
    ceilingResult.ratio = ceilingResult.rps / bareResult.rps;
    ceilingResult.bareRps = bareResult.rps;
    /**
     * A run of a ratio's scenario ((a), (e), their floors), preceded by a run of the bare route: its
     * ratio is against that one. This machine's speed drifts by up to half within minutes (decision
     * 0046), and the scenarios come minutes after the first bare run; a second apart, both meet
     * about the same machine.
     */
    const againstBare = (run: () => Promise<Scenario>) => async (): Promise<Scenario> => {
      const bareRps = (await bareRun()).rps;
      const result = await run();
      return { ...result, bareRps, ratio: result.rps / bareRps };
    };

    const admin = await signIn(base, ADMIN_EMAIL);
    // Reseller number r+1 owns the devices whose index is r modulo the reseller count (see seed.ts).
    const reseller = await signIn(base, RESELLER_EMAIL(LIST_RESELLER_INDEX + 1));
    // (d) and (g) activate another reseller's devices than the one (b) lists: each activation makes a
    // device `year` and moves its expiry, so on (b)'s reseller every run of them changed (b)'s pages
    // (its plan filters' matches, its index's size on PostgreSQL) for the runs after it.
    const activator = await signIn(base, RESELLER_EMAIL(ACTIVATING_RESELLER_INDEX + 1));

    const listPaths: string[] = [];
    for (const page of LIST_PAGES) {
      for (const search of listSearches(RESELLERS)) {
        for (const status of LIST_STATUSES) {
          const query = new URLSearchParams({ page: String(page), per_page: String(LIST_PER_PAGE) });
          if (search) query.set('search', search);
          if (status) query.set('status', status);
          listPaths.push(`/api/v1/device/reseller/${reseller.id}?${query.toString()}`);
        }
      }
    }
    const scenarios: Record<string, () => Promise<Scenario>> = {
      a: () =>
        load(
          againstBare(() => wrkOnce('(a) GET /api/v1/device (TV app)', base, serverPid, tvPollLua())),
          byRatio,
        ),
      b: () =>
        load(() =>
          wrkOnce(
            withPollsBeside('(b) reseller device list, search + filters'),
            base,
            serverPid,
            `local paths = {${listPaths.map(lua).join(',')}}
local headers = { cookie = ${lua(reseller.cookie)} }
function request() return wrk.format("GET", paths[math.random(#paths)], headers) end`,
            { pollsBeside: true },
          ),
        ),
      c: () =>
        load(() =>
          wrkOnce(
            withPollsBeside('(c) admin dashboard counts'),
            base,
            serverPid,
            `local headers = { cookie = ${lua(admin.cookie)} }
function request() return wrk.format("GET", ${lua(`/api/v1/dashboard?user=${admin.id}`)}, headers) end`,
            { pollsBeside: true },
          ),
        ),
      d: async () => {
        const deviceIds = await idsForDevices(
          base,
          admin.cookie,
          activatableDevicesOf(ACTIVATING_RESELLER_INDEX, 200),
        );
        return load(async () => {
          await topUpCredits(base, admin, activator.id);
          return wrkOnce(
            withPollsBeside('(d) activation (1 credit, one year)'),
            base,
            serverPid,
            `local ids = {${deviceIds.join(',')}}
local headers = { cookie = ${lua(activator.cookie)}, ["content-type"] = "application/json" }
function request()
  local body = string.format('{"user_id":${activator.id},"plan":"year","mac":%d}', ids[math.random(#ids)])
  return wrk.format("POST", "/api/v1/device/updatepayment", headers, body)
end`,
            { pollsBeside: true },
          );
        });
      },
      e: async () => {
        const polls = await etagsFor(base, rePolledDevices());
        return load(
          againstBare(() =>
            wrkOnce(
              `(e) GET /device re-poll, If-None-Match (${polls.length.toLocaleString('en')} devices)`,
              base,
              serverPid,
              rePollLua(polls),
            ),
          ),
          byRatio,
        );
      },
      g: async () => {
        const { secret, revoke } = await createApiKey(base, activator.cookie);
        const macs = activatableDevicesOf(ACTIVATING_RESELLER_INDEX, 200).map(benchMac);
        const measured = load(async () => {
          await topUpCredits(base, admin, activator.id);
          return wrkOnce(
            withPollsBeside('(g) reseller API activation, bearer key (1 credit, one year)'),
            base,
            serverPid,
            `local macs = {${macs.map(lua).join(',')}}
local headers = { authorization = ${lua(`Bearer ${secret}`)}, ["content-type"] = "application/json" }
local body = '{"plan":"year"}'
function request()
  return wrk.format("POST", "/api/reseller/v1/devices/" .. macs[math.random(#macs)] .. "/activation", headers, body)
end`,
            { pollsBeside: true },
          );
        });
        try {
          return await measured;
        } finally {
          await revoke();
        }
      },
    };
    const limitsUrl = kind === 'postgres' && !args.redis ? env.DATABASE_URL : undefined;
    const results: Scenario[] = [
      bareResult,
      ceilingResult,
      ...(await floorRows(bodyBytes, againstBare, limitsUrl)),
    ];
    for (const [key, run] of Object.entries(scenarios)) {
      if (!SCENARIOS.has(key)) continue;
      process.stderr.write(`[${kind}] (${key})...\n`);
      await warmUp(env);
      const result = await run();
      results.push(result);
    }
    if (SCENARIOS.has('f')) {
      // The many-idle-sockets shape on a server started for it, each run: its RSS is what 1,000 TVs
      // cost, not what the list's reader threads and the other scenarios' heaps left behind, and its
      // first second is a restart's (a server that had served a run before answered that second
      // 20-40 times faster on PostgreSQL). Every run paces the same 1,000 polls a second, so the
      // median run is the one of median p99, not of median rate.
      process.stderr.write(`[${kind}] (f), on a restarted server...\n`);
      const restartedRun = async () => {
        await stop(server);
        server = startServer(measuredServerFlags);
        await waitForHealth(`${base}/api/v1/health`);
        await waitUntilIdle(server.pid!);
        return pollClients(base, server.pid!);
      };
      results.push(await load(restartedRun, (scenario) => scenario.p99));
    }
    return { db: kind, seedSeconds, scenarios: results };
  } finally {
    if (bare) await stop(bare);
    await stop(server);
    if (args.profile) {
      const file = path.join(PROFILE_DIR, profileName);
      process.stderr.write(`[${kind}] CPU profile of the last scenario (${file}):\n`);
      for (const line of summarizeProfile(file, DURATION * 1000 - 500)) process.stderr.write(`  ${line}\n`);
      process.stderr.write(
        `[${kind}] time inside the server's functions, share of the main thread's busy time:\n`,
      );
      for (const line of summarizeInclusive(file, DURATION * 1000 - 500)) process.stderr.write(`  ${line}\n`);
    }
    if (args.statements && fs.existsSync(statementsFile)) {
      process.stderr.write(
        kind === 'sqlite'
          ? `[${kind}] the server's SQLite statements, by total time (main thread):\n`
          : `[${kind}] the server's request times (statements are timed on SQLite only):\n`,
      );
      for (const line of summarizeStatements(statementsFile)) process.stderr.write(`  ${line}\n`);
      fs.rmSync(statementsFile);
    }
  }
}

/**
 * The statements that took the most time, with their calls, mean and longest (see
 * statement-timings.ts), then how long the event loop went without polling for I/O.
 */
function summarizeStatements(file: string, top = 15): string[] {
  const {
    statements: totals,
    loopDelayMs,
    requestMs,
  } = JSON.parse(fs.readFileSync(file, 'utf8')) as StatementTimings;
  const rows = Object.entries(totals).sort((a, b) => b[1].ns - a[1].ns);
  const all = rows.reduce((sum, [, t]) => sum + t.ns, 0);
  return rows
    .slice(0, top)
    .map(([source, t]) => {
      const share = ((100 * t.ns) / all).toFixed(1).padStart(5);
      const mean = (t.ns / t.calls / 1000).toFixed(1).padStart(7);
      const max = (t.maxNs / 1e6).toFixed(1).padStart(7);
      const text = source.replace(/\s+/g, ' ').slice(0, 100);
      return `${share}% ${String(t.calls).padStart(8)} calls, mean ${mean} µs, max ${max} ms  ${text}`;
    })
    .concat(
      `event loop delay (ms) p50 ${loopDelayMs.p50.toFixed(1)}, p99 ${loopDelayMs.p99.toFixed(1)}, max ${loopDelayMs.max.toFixed(1)}`,
      `requests inside the server, headers parsed to response written (ms): ${requestMs.count} requests, p50 ${requestMs.p50.toFixed(1)}, p99 ${requestMs.p99.toFixed(1)}, max ${requestMs.max.toFixed(1)}`,
    );
}

/** How many devices (e) re-polls: their ETags are fetched first, 50 requests at a time. */
const ETAG_DEVICES = 20_000;
/**
 * (e) measures TVs that have polled for more than one interval: each device polls once (its ETag),
 * then re-polls once with it, before wrk starts. A server that keeps the answers of TVs polling again
 * (SQLite, decision 0045) has then seen each of them, as it has every TV once it has run for one
 * polling interval; without it, the run's first seconds measure the first re-poll after a start, a
 * lookup in the database each (decision 0046). --cold-repolls skips the re-poll: the earlier
 * measurement.
 */
const RE_POLL_FIRST = !args['cold-repolls'];

/** (a)'s wrk script: the TV app's poll of a random device. */
function tvPollLua(): string {
  return `${luaRandomDevice(DEVICES)}
function request() return wrk.format("GET", "/api/v1/device?" .. device_query()) end`;
}

/** The devices (e) re-polls, drawn afresh for each server. */
function rePolledDevices(): number[] {
  return Array.from({ length: Math.min(DEVICES, ETAG_DEVICES) }, validDevice);
}

/** (e)'s wrk script: each request one of `polls`, with the ETag its last answer carried. */
function rePollLua(polls: { path: string; etag: string }[]): string {
  return `local polls = {${polls.map((p) => `{${lua(p.path)},${lua(p.etag)}}`).join(',\n')}}
function request()
  local p = polls[math.random(#polls)]
  return wrk.format("GET", p[1], { ["if-none-match"] = p[2] })
end`;
}

/**
 * The floor rows of (a) and (e), when those run (bench/floor-server.ts): the app's TV route and
 * every rule it applies, its answer computed from the MAC rather than read. Their ratio to the bare
 * route is the most the app's (a) and (e) could reach with a data path that cost nothing. With
 * `limitsUrl` (PostgreSQL without Redis) they run a second time with the guessing counts in that
 * database, as the app keeps them there: the most the app could reach with the lookup free but the
 * limits it must wait for (decision 0044).
 */
async function floorRows(bodyBytes: number, againstBare: RatioRun, limitsUrl?: string): Promise<Scenario[]> {
  if (!SCENARIOS.has('a') && !SCENARIOS.has('e')) return [];
  const rows = await floorRowsOf('its route and rules, no data', bodyBytes, againstBare);
  if (limitsUrl) {
    rows.push(
      ...(await floorRowsOf(
        'its route and rules, guessing limits in PostgreSQL, no data',
        bodyBytes,
        againstBare,
        { FLOOR_LIMITS_DATABASE_URL: limitsUrl },
      )),
    );
  }
  return rows;
}

async function floorRowsOf(
  what: string,
  bodyBytes: number,
  againstBare: RatioRun,
  env: Record<string, string> = {},
): Promise<Scenario[]> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const floor = startProcess(await bundle('bench/floor-server.ts'), {
    PORT: String(port),
    BODY_BYTES: String(bodyBytes),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    FLOOR_SCRATCH_DIR: TMP_DIR,
    ...env,
  });
  const rows: Scenario[] = [];
  try {
    await waitForHealth(`${url}/api/v1/device?mac=${benchMac(1)}&cle_mac=${benchKey(1)}`);
    if (SCENARIOS.has('a')) {
      process.stderr.write(`(a) floor: ${what}...\n`);
      rows.push(
        await load(
          againstBare(() => wrkOnce(`(a) floor: ${what}`, url, floor.pid!, tvPollLua())),
          byRatio,
        ),
      );
    }
    if (SCENARIOS.has('e')) {
      process.stderr.write(`(e) floor: ${what}...\n`);
      const polls = await etagsFor(url, rePolledDevices());
      rows.push(
        await load(
          againstBare(() => wrkOnce(`(e) floor: ${what}`, url, floor.pid!, rePollLua(polls))),
          byRatio,
        ),
      );
    }
  } finally {
    await stop(floor);
  }
  return rows;
}

/** A random device index that exists and is not banned (see seed.ts). */
function validDevice(): number {
  let i = 1 + Math.floor(Math.random() * DEVICES);
  while (i % 97 === 0) i = 1 + Math.floor(Math.random() * DEVICES);
  return i;
}

/**
 * The TV app's path and current ETag for each device index, as the app has them after its first poll;
 * each re-polled once with it unless --cold-repolls (RE_POLL_FIRST).
 */
async function etagsFor(base: string, indexes: number[]): Promise<{ path: string; etag: string }[]> {
  const found: { path: string; etag: string }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < indexes.length) {
      const i = indexes[next++]!;
      const devicePath = `/api/v1/device?mac=${benchMac(i)}&cle_mac=${benchKey(i)}`;
      const response = await fetch(`${base}${devicePath}`);
      await response.arrayBuffer();
      const etag = response.headers.get('etag');
      if (!response.ok || !etag) continue;
      found.push({ path: devicePath, etag });
      if (RE_POLL_FIRST) {
        const again = await fetch(`${base}${devicePath}`, { headers: { 'if-none-match': etag } });
        await again.arrayBuffer();
        if (again.status !== 304)
          throw new Error(`a re-poll with the ETag just sent answered ${again.status}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  if (found.length === 0) throw new Error('GET /device sent no ETag');
  return found;
}

/**
 * (f) POLL_CLIENTS keep-alive TV clients polling once a second (bench/poll-clients.ts, its own
 * process): its CPU and the server's are read around it, the server's RSS while every client is
 * still connected.
 */
async function pollClients(base: string, serverPid: number): Promise<Scenario> {
  const script = await bundle('bench/poll-clients.ts');
  resetPeakRss(serverPid);
  const serverCpuBefore = cpuSeconds(serverPid);
  const mainCpuBefore = cpuSeconds(serverPid, true);
  const cores = coresAccount();
  const started = performance.now();
  const child = track(
    spawn(process.execPath, [script], {
      cwd: root,
      env: {
        ...process.env,
        TARGET_URL: base,
        CLIENTS: String(POLL_CLIENTS),
        DURATION: String(DURATION),
        DEVICES: String(DEVICES),
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`the pollers exited (${code}) before reporting`)));
  });
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = cpuSeconds(serverPid) - serverCpuBefore;
  const mainCpu = cpuSeconds(serverPid, true) - mainCpuBefore;
  const generatorCpu = cpuSeconds(child.pid!);
  const coresUsed = cores.end();
  const rssAtEnd = rssMb(serverPid);
  const peak = peakRssMb(serverPid);
  child.stdin!.end();
  await exited;
  const r = JSON.parse(line) as {
    rps: number;
    p50: number;
    p95: number;
    p99: number;
    statuses: Record<string, number>;
    errors: number;
    sockets: number;
  };
  return {
    name: `(f) ${POLL_CLIENTS.toLocaleString('en')} keep-alive TV clients, 1 GET /device/s each (${r.sockets} sockets)`,
    rps: Math.round(r.rps),
    p50: r.p50,
    p95: r.p95,
    p99: r.p99,
    errors: r.errors,
    statuses: r.statuses,
    generatorCpu: (100 * generatorCpu) / seconds,
    serverCpu: (100 * serverCpu) / seconds,
    cpuPerRequestUs: (1e6 * serverCpu) / Math.max(1, r.rps * seconds),
    mainCpuPerRequestUs: (1e6 * mainCpu) / Math.max(1, r.rps * seconds),
    databaseCpu: (100 * coresUsed.databaseSeconds) / seconds,
    machineIdle: (100 * coresUsed.idleSeconds) / seconds,
    machineStolen: (100 * coresUsed.stolenSeconds) / seconds,
    rssMb: peak,
    rssAtEndMb: rssAtEnd,
  };
}

const POLL_CLIENTS = 1000;

/** The name of every key the bench makes, so that a run can find the keys an earlier run left. */
const BENCH_KEY_NAME = 'bench';

/**
 * A reseller API key that may activate devices, made the way a reseller makes one (the panel's call),
 * with `revoke` to call once the run is over. The bench's keys that earlier runs left (an interrupted
 * run) are revoked first: an account holds at most 20 live keys, and each run of (g) made one more,
 * so the twenty-first run on one data set failed with 409.
 */
async function createApiKey(
  base: string,
  cookie: string,
): Promise<{ secret: string; revoke: () => Promise<void> }> {
  const call = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${base}/api/v1/api-keys${route}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`API key ${method} failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: unknown }).data;
  };
  // The list holds live keys only.
  const keys = (await call('GET', '')) as Array<{ id: number; name: string }>;
  for (const key of keys) {
    // Before this name, each key was named "bench <time>".
    if (/^bench( \d+)?$/.test(key.name)) await call('DELETE', `/${key.id}`);
  }
  const created = (await call('POST', '', { name: BENCH_KEY_NAME, scopes: ['devices:activate'] })) as {
    id: number;
    secret: string;
  };
  return { secret: created.secret, revoke: async () => void (await call('DELETE', `/${created.id}`)) };
}

/**
 * Gives the activating reseller credits before each run of (d) and (g), through the admin's own call:
 * a run takes up to about 35,000 of them on a fast machine, and the seed's million ran out after some
 * forty runs on one data set, after which the runs measured 402 answers, not activations.
 */
async function topUpCredits(base: string, admin: { cookie: string; id: number }, resellerId: number) {
  const response = await fetch(`${base}/api/v1/transactions/credit_admin`, {
    method: 'POST',
    headers: { cookie: admin.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ resellerId, credits: 100_000, type: 'add', user: admin.id }),
  });
  if (!response.ok) throw new Error(`credits top-up failed: ${response.status} ${await response.text()}`);
}

async function idsForDevices(base: string, cookie: string, indexes: number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const i of indexes) {
    const response = await fetch(`${base}/api/v1/client/device/check-mac`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ mac: benchMac(i) }),
    });
    if (response.ok) ids.push(((await response.json()) as { data: { id: number } }).data.id);
  }
  return ids;
}

const ms = (value: number) => value.toFixed(1);
const pct = (value: number) => `${value.toFixed(0)}%`;

function printTable(runs: Run[], generator: string): void {
  const lines: string[] = [];
  lines.push(
    `Benchmark: ${DEVICES.toLocaleString('en')} devices, ${RESELLERS} resellers, ${CONNECTIONS} connections, ${DURATION} s per scenario${REPEAT > 1 ? `, median of ${REPEAT} runs` : ''}${args.redis ? ', server with Redis (--redis)' : ', no Redis'}`,
  );
  lines.push(
    `Generator: ${generator}, 1 thread, Lua request scripts (bare route, a-e, g); (f) bench/poll-clients.ts (Node). wrk's percentiles are corrected for coordinated omission (a response that took L adds samples at L - T, L - 2T, ... for the T between a connection's requests); each connection holds its first request ${HOLD_MS} ms, so all are accepted before the load starts (--hold-ms); ${WARM_UP_SECONDS > 0 ? `each wrk run follows ${WARM_UP_SECONDS} s of the same requests to the same server, unmeasured, so it measures warm code (--warm-up)` : 'no warm-up: each wrk run meets the server as the last run left it (--warm-up 0)'}. Each "/ bare" is against the bare route's req/s after "of", measured in a run just before that row's run (the first row's, for the ceiling); --repeat keeps those rows' run of median ratio. CPU, idle and stolen (the hypervisor's steal: time given to other machines) are % of one core (${os.cpus().length} cores: ${os.cpus().length * 100}% in all); database CPU is PostgreSQL's processes'.`,
  );
  lines.push('');
  lines.push(
    '| database | scenario | req/s | / bare | p50 ms | p95 ms | p99 ms | statuses | errors | server CPU | server CPU µs/req (main thread) | database CPU | generator CPU | machine idle | machine stolen | server peak RSS |',
  );
  lines.push('|---|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const run of runs) {
    for (const s of run.scenarios) {
      const statuses = Object.entries(s.statuses)
        .map(([code, n]) => `${code}: ${n}`)
        .join(', ');
      const rss = `${s.rssMb} MB${s.rssAtEndMb === undefined ? '' : ` (end ${s.rssAtEndMb} MB)`}`;
      lines.push(
        `| ${run.db} | ${s.name} | ${s.rps} | ${s.ratio === undefined ? '' : `${s.ratio.toFixed(2)} of ${s.bareRps}`} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${statuses} | ${s.errors} | ${pct(s.serverCpu)} | ${s.cpuPerRequestUs.toFixed(0)} (${s.mainCpuPerRequestUs.toFixed(0)}) | ${run.db === 'postgres' ? pct(s.databaseCpu) : '(in server)'} | ${pct(s.generatorCpu)} | ${pct(s.machineIdle)} | ${pct(s.machineStolen)} | ${rss} |`,
      );
    }
  }
  lines.push('');
  lines.push(
    `Seed time: ${runs.map((run) => `${run.db} ${run.seedSeconds === null ? 'reused' : `${run.seedSeconds.toFixed(1)} s`}`).join(', ')}`,
  );
  console.log(lines.join('\n'));
}

const generator = wrkVersion();
fs.mkdirSync(TMP_DIR, { recursive: true });
const kinds = args.db === 'both' ? (['sqlite', 'postgres'] as const) : [args.db as 'sqlite' | 'postgres'];
const runs: Run[] = [];
for (const kind of kinds) runs.push(await benchmark(kind));
printTable(runs, generator);
