/**
 * A look inside one stretch of a server's CPU profile (`npx tsx bench/run.ts … --profile` keeps them in
 * .bench-data/profiles): how busy its main thread was in each 100 ms from its start, and, given a
 * stretch in seconds from the start, the functions that used its time there (self, then inclusive).
 * The bench itself summarizes the last seconds of the last scenario; this is for a moment inside it,
 * such as the first second of (f) on a restarted server:
 *
 *   npx tsx bench/profile-slices.ts .bench-data/profiles/postgres-….cpuprofile 2.85 4.5
 */
import { busySlices, summarizeInclusive, summarizeProfile } from './profile-summary';

const [file, from, to] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx bench/profile-slices.ts FILE.cpuprofile [FROM_SECONDS TO_SECONDS]');
  process.exit(2);
}
console.log(`main thread busy, each 100 ms from the start:\n${busySlices(file)}`);
if (from !== undefined && to !== undefined) {
  const window = { fromMs: Number(from) * 1000, toMs: Number(to) * 1000 };
  console.log(`\nfunctions by self time, ${from}-${to} s:`);
  for (const line of summarizeProfile(file, window)) console.log(`  ${line}`);
  console.log(`\nthe server's own functions, inclusive, share of the busy time, ${from}-${to} s:`);
  for (const line of summarizeInclusive(file, window)) console.log(`  ${line}`);
}
