/**
 * The guessing limits' reservation on PostgreSQL (no Redis) for one turn of the event loop's TV polls
 * (decision 0037): N polls reserve their keys in one turn (batchPerTurn makes that one statement), the
 * keys' rows already there, as a fleet's polls find them; each poll reserves the TV app's three keys
 * (its address, shared; the MAC and address; the MAC). Prints the median time of that statement per
 * batch size, once every pooled connection has run it past its first plans: from the one or few polls
 * of a turn at a fleet's pace, through a saturated server's 50, to 1,000, a worst case: decision 0037
 * found that a restart's first second does not make turns that large.
 *
 *   npx tsx bench/pg-limiter-batch.ts                  # this tree's limiter
 *   npx tsx bench/pg-limiter-batch.ts /tmp/before      # another tree's (a git worktree), for before/after
 *
 * It creates a database of its own on BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres
 * by default), migrated by that tree, and drops it after.
 */
import path from 'node:path';
import { scratchPostgres } from './bench-database';
import type * as Db from '../src/server/db';
import type * as Migrate from '../src/server/db/migrate';
import type * as Limiter from '../src/server/modules/security/database-attempt-limiter';

const tree = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const from = (file: string) => import(path.join(tree, 'src/server', file));
const { openDatabase } = (await from('db/index.ts')) as typeof Db;
const { migrateToLatest } = (await from('db/migrate.ts')) as typeof Migrate;
const { DatabaseAttemptLimiter } = (await from(
  'modules/security/database-attempt-limiter.ts',
)) as typeof Limiter;

const BATCHES = [1, 3, 10, 50, 200, 500, 1000];
/**
 * Turns run before the timed ones: each of the pool's connections plans a named statement afresh for
 * its first five runs (custom plans), as a server does only in its first seconds.
 */
const WARM_UP_TURNS = 60;
const ROUNDS = 15;
const rule = { maxFailures: 10, windowMs: 600_000, lockMs: 600_000 };
const macRule = { maxFailures: 100, windowMs: 3_600_000, lockMs: 3_600_000 };

const scratch = await scratchPostgres('bench_limiter');
const handle = openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 10 });
try {
  await migrateToLatest(handle);
  const limiter = new DatabaseAttemptLimiter(handle.db);
  console.log(`the limiter of ${tree}`);
  for (const size of BATCHES) {
    const polls = Array.from({ length: size }, (_, i) => {
      const mac = `02:00:00:${String(size).padStart(4, '0')}:${i}`;
      const ip = `10.0.${i % 250}.${size % 250}`;
      return [
        { key: `device:ip:${ip}`, rule, shared: true },
        { key: `device:mac-ip:${mac}:${ip}`, rule },
        { key: `device:mac:${mac}`, rule: macRule },
      ];
    });
    // One turn: every poll's reservation, then their releases (as a right key gives its counts back).
    const turn = async () => {
      const started = performance.now();
      await Promise.all(polls.map((attempts) => limiter.reserve(attempts)));
      const took = performance.now() - started;
      await Promise.all(
        polls.map((attempts) => limiter.release(attempts.filter((a) => !a.shared).map((a) => a.key))),
      );
      return took;
    };
    for (let round = 0; round < WARM_UP_TURNS; round += 1) await turn(); // the rows made, plans settled
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) times.push(await turn());
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(
      `${String(size).padStart(5)} polls in a turn: reservation ${median.toFixed(2)} ms (median of ${ROUNDS}), ` +
        `${((1000 * median) / size).toFixed(1)} µs a poll`,
    );
  }
} finally {
  await handle.destroy();
  await scratch.drop();
}
