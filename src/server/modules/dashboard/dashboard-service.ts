import type { DashboardCounts } from '../../../shared/api/panel-device';
import type { Db } from '../../db';
import { createDashboardRepository } from './dashboard-repository';

/** Counts that took longer than this to compute are reused for FRESH_FOR_MS. */
const SLOW_MS = 25;
const FRESH_FOR_MS = 10_000;

type Entry = { promise: Promise<DashboardCounts>; computedAt: number; slow: boolean };

/**
 * The dashboard's seven counts. On a small database they are computed on every request; on a large
 * one (a million devices: a few hundred milliseconds of counting) the last result is reused for ten
 * seconds, and concurrent requests share one computation instead of each starting their own.
 */
export function createDashboardService(db: Db, now: () => number = Date.now) {
  const repository = createDashboardRepository(db);
  const cache = new Map<string, Entry>();

  return {
    counts(scope: { ownerId?: number; userId: number }): Promise<DashboardCounts> {
      const key = `${scope.ownerId ?? 'all'}:${scope.userId}`;
      const cached = cache.get(key);
      if (cached && (cached.computedAt === 0 || (cached.slow && now() - cached.computedAt < FRESH_FOR_MS))) {
        return cached.promise;
      }
      const started = now();
      const entry: Entry = { promise: Promise.resolve() as never, computedAt: 0, slow: false };
      entry.promise = repository.counts(scope, new Date(started)).then(
        (counts) => {
          entry.computedAt = now();
          entry.slow = entry.computedAt - started > SLOW_MS;
          if (!entry.slow) cache.delete(key);
          return counts;
        },
        (error: unknown) => {
          cache.delete(key);
          throw error;
        },
      );
      if (cache.size > 10_000) cache.clear();
      cache.set(key, entry);
      return entry.promise;
    },
  };
}
