/**
 * Preloaded into the bench's server with --statements (node --import): times every better-sqlite3
 * statement the main thread runs, by its SQL, samples the event loop's delay, times every HTTP
 * request from its headers parsed to its response handed to the kernel (what the server itself
 * adds, without the wait for the loop to read the socket), and writes them to BENCH_STATEMENTS_FILE
 * when the process exits. The CPU profile says how much of a request is SQLite
 * (`run`, `all`), not which of the request's statements it is; this does. A long loop delay under
 * load means requests wait for I/O to be polled: one turn of the loop runs every request whose
 * statements answer synchronously. The reader threads' statements are not counted.
 */
import fs from 'node:fs';
import { subscribe } from 'node:diagnostics_channel';
import type { ServerResponse } from 'node:http';
import { type RecordableHistogram, createHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';
import Database from 'better-sqlite3';

type Percentiles = { p50: number; p99: number; max: number };

export type StatementTimings = {
  statements: Record<string, { calls: number; ns: number; maxNs: number }>;
  loopDelayMs: Percentiles;
  /** From a request's headers parsed to its response handed to the kernel, as the server sees it. */
  requestMs: Percentiles & { count: number };
};

const file = process.env.BENCH_STATEMENTS_FILE;
if (file && isMainThread) {
  const statements: StatementTimings['statements'] = {};
  const probe = new Database(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
  probe.close();
  for (const method of ['run', 'get', 'all', 'iterate'] as const) {
    const original = prototype[method] as (this: { source: string }, ...args: unknown[]) => unknown;
    prototype[method] = function timed(this: { source: string }, ...args: unknown[]) {
      const start = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        const entry = (statements[this.source] ??= { calls: 0, ns: 0, maxNs: 0 });
        const ns = Number(process.hrtime.bigint() - start);
        entry.calls += 1;
        entry.ns += ns;
        if (ns > entry.maxNs) entry.maxNs = ns;
      }
    };
  }
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const requests = createHistogram();
  const started = new WeakMap<ServerResponse, bigint>();
  subscribe('http.server.request.start', (message) => {
    started.set((message as { response: ServerResponse }).response, process.hrtime.bigint());
  });
  subscribe('http.server.response.finish', (message) => {
    const start = started.get((message as { response: ServerResponse }).response);
    if (start !== undefined) requests.record(Math.max(1, Number(process.hrtime.bigint() - start)));
  });
  const inMs = (h: RecordableHistogram | typeof loop): Percentiles => ({
    p50: h.percentile(50) / 1e6,
    p99: h.percentile(99) / 1e6,
    max: h.max / 1e6,
  });
  process.on('exit', () => {
    const timings: StatementTimings = {
      statements,
      loopDelayMs: inMs(loop),
      requestMs: { ...inMs(requests), count: requests.count },
    };
    fs.writeFileSync(file, JSON.stringify(timings));
  });
}
