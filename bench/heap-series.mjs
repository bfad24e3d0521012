// Preload (decision 0036): every half second, the process's old generation (used / committed MB), its
// RSS, the scavenges so far (their time, and the longest of the last half second), plus a line for
// each full collection, into
// .bench-data/tmp/heap-<pid>.txt. The bench passes NODE_OPTIONS on to the servers it starts:
//   NODE_OPTIONS="--import ./bench/heap-series.mjs" npx tsx bench/run.ts --db sqlite --scenarios f
// Every Node process of the run writes a file; the server's is the one whose RSS passes 150 MB.
import fs from 'node:fs';
import path from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

const dir = path.resolve('.bench-data/tmp');
fs.mkdirSync(dir, { recursive: true });
const file = path.join(dir, `heap-${process.pid}.txt`);
const started = Date.now();
const lines = [];
let scavenges = 0;
let scavengeMs = 0;
let longestScavengeMs = 0;

function oldGeneration() {
  const old = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space');
  const mb = (bytes) => (bytes / 1048576).toFixed(0);
  return `old ${mb(old.space_used_size)}/${mb(old.space_size)} MB`;
}

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) {
      scavenges += 1;
      scavengeMs += entry.duration;
      longestScavengeMs = Math.max(longestScavengeMs, entry.duration);
    } else
      lines.push(
        `${Date.now() - started} ms: full collection, ${entry.duration.toFixed(1)} ms, then ${oldGeneration()}`,
      );
  }
}).observe({ entryTypes: ['gc'] });

setInterval(() => {
  const rss = (process.memoryUsage.rss() / 1048576).toFixed(0);
  lines.push(
    `${Date.now() - started} ms: ${oldGeneration()}, RSS ${rss} MB, ${scavenges} scavenges (${scavengeMs.toFixed(0)} ms in all, the longest since the last line ${longestScavengeMs.toFixed(1)} ms)`,
  );
  longestScavengeMs = 0;
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}, 500).unref();
