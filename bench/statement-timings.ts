/**
 * Preloaded into the bench's server with --statements (node --import): times every better-sqlite3
 * statement the main thread runs, by its SQL, samples the event loop's delay, and writes both to
 * BENCH_STATEMENTS_FILE when the process exits. The CPU profile says how much of a request is SQLite
 * (`run`, `all`), not which of the request's statements it is; this does. A long loop delay under
 * load means requests wait for I/O to be polled: one turn of the loop runs every request whose
 * statements answer synchronously. The reader threads' statements are not counted.
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';
import Database from 'better-sqlite3';

export type StatementTimings = {
  statements: Record<string, { calls: number; ns: number; maxNs: number }>;
  loopDelayMs: { p50: number; p99: number; max: number };
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
  process.on('exit', () => {
    const loopDelayMs = {
      p50: loop.percentile(50) / 1e6,
      p99: loop.percentile(99) / 1e6,
      max: loop.max / 1e6,
    };
    fs.writeFileSync(file, JSON.stringify({ statements, loopDelayMs } satisfies StatementTimings));
  });
}
