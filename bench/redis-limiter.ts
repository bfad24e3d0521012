/**
 * The guessing limits' cost in Redis as the TV app's poll pays it: 20,000 polls, 50 at a time (one
 * turn of the event loop), each reserving three keys (the address, the MAC and address, the MAC) and
 * giving them back, as `guess()` does for a right key. Prints polls/s and this process's CPU time
 * per poll (the server's main thread pays it), three rounds.
 *
 *   npx tsx bench/redis-limiter.ts                  # this tree's limiter
 *   npx tsx bench/redis-limiter.ts /tmp/before      # another tree's (a git worktree), for before/after
 *
 * BENCH_REDIS_URL names the server (redis://127.0.0.1:6379 by default); its keys are deleted after.
 */
import path from 'node:path';
import { Redis } from 'ioredis';
import type { AttemptLimiter } from '../src/server/modules/security/attempt-limiter';
import type * as ThisTree from '../src/server/modules/security/redis-attempt-limiter';

const tree = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const { RedisAttemptLimiter } = (await import(
  path.join(tree, 'src/server/modules/security/redis-attempt-limiter.ts')
)) as typeof ThisTree;

const redis = new Redis(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = `bench-limiter:${process.pid}:`;
const rule = { maxFailures: 10, windowMs: 60_000, lockMs: 60_000 };
const POLLS = 20_000;
const PER_TURN = 50;

async function round(limiter: AttemptLimiter): Promise<void> {
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let i = 0; i < POLLS; i += PER_TURN) {
    await Promise.all(
      Array.from({ length: PER_TURN }, async (_, j) => {
        const keys = [`device:ip:10.0.0.${j}`, `device:mac-ip:${i + j}:10.0.0.${j}`, `device:mac:${i + j}`];
        await limiter.reserve(keys.map((key) => ({ key, rule })));
        await limiter.release(keys);
      }),
    );
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  console.log(
    `${Math.round(POLLS / seconds)} polls/s, ${((used.user + used.system) / POLLS).toFixed(1)} µs of CPU a poll`,
  );
}

console.log(`the limiter of ${tree}`);
try {
  const limiter = new RedisAttemptLimiter(redis, prefix);
  for (let i = 0; i < 3; i += 1) await round(limiter);
} finally {
  const keys = await redis.keys(`${prefix}*`);
  for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
  await redis.quit();
}
