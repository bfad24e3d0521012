import type { Redis } from 'ioredis';
import type { Db } from '../../db';
import { type Outage, outageOf } from '../../outage';

export type DependencyState = 'ok' | Outage | 'timeout' | 'failing' | 'not_configured';
export type HealthReport = { status: 'ok' | 'error'; db: DependencyState; redis: DependencyState };

/** A load balancer gives up on a check after a few seconds; we answer before that, whatever hangs. */
export const HEALTH_TIMEOUT_MS = 2_000;

class TimedOut extends Error {}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

async function probe(check: () => Promise<void>, timeoutMs: number): Promise<DependencyState> {
  try {
    await within(check(), timeoutMs);
    return 'ok';
  } catch (error) {
    if (error instanceof TimedOut) return 'timeout';
    return outageOf(error) ?? 'failing';
  }
}

/**
 * /health: the database and Redis (when configured) each take a write and read it back, within
 * HEALTH_TIMEOUT_MS together, so a read-only or hung dependency fails the check as surely as a
 * dead one.
 */
export function createHealthService(deps: {
  db: Db;
  redis: Redis | null;
  redisKey: string;
  timeoutMs?: number;
}) {
  const timeoutMs = deps.timeoutMs ?? HEALTH_TIMEOUT_MS;

  async function writeAndReadDatabase(): Promise<void> {
    const now = new Date();
    await deps.db
      .insertInto('health_checks')
      .values({ id: 1, checked_at: now })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ checked_at: now }))
      .execute();
    await deps.db
      .selectFrom('health_checks')
      .select('checked_at')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
  }

  async function writeAndReadRedis(redis: Redis): Promise<void> {
    const token = String(Date.now());
    await redis.set(deps.redisKey, token, 'PX', 10_000);
    if ((await redis.get(deps.redisKey)) !== token) throw new Error('Redis did not return what it stored');
  }

  return {
    async check(): Promise<HealthReport> {
      const redis = deps.redis;
      const [db, redisState] = await Promise.all([
        probe(writeAndReadDatabase, timeoutMs),
        redis ? probe(() => writeAndReadRedis(redis), timeoutMs) : Promise.resolve('not_configured' as const),
      ]);
      const healthy = db === 'ok' && (redisState === 'ok' || redisState === 'not_configured');
      return { status: healthy ? 'ok' : 'error', db, redis: redisState };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
