import type { DashboardCounts } from '../../../shared/api/panel-device';
import type { Db } from '../../db';
import { createDashboardRepository } from './dashboard-repository';

/** Counts that took longer than this to compute are reused for FRESH_FOR_MS. */
const SLOW_MS = 25;
const FRESH_FOR_MS = 10_000;
/**
 * Past FRESH_FOR_MS a slow count is counted again in the background while callers keep getting the
 * last one, for as long as this: counting a million devices is a few hundred milliseconds, and every
 * dashboard opened meanwhile used to wait for it. A count older than this is waited for again.
 */
const SERVED_WHILE_COUNTING_MS = 2 * FRESH_FOR_MS;

type Scope = { ownerId?: number; userId: number };
/** A finished count; a computation still running is in `pending`. */
type Counted = { counts: DashboardCounts; computedAt: number };
type Entry = { counted?: Counted; pending?: Promise<DashboardCounts> };

/**
 * The dashboard's eight counts. On a small database they are computed on every request; on a large
 * one (a million devices) the last result is reused for ten seconds, concurrent requests share one
 * computation instead of each starting their own, and the next computation runs while callers still
 * get the last result, so only the first dashboard of a scope waits for the counting.
 */
export function createDashboardService(db: Db, now: () => number = Date.now) {
  const repository = createDashboardRepository(db);
  const cache = new Map<string, Entry>();

  /** Counts the scope once, and keeps the result when counting was slow. */
  function count(key: string, scope: Scope, entry: Entry): Promise<DashboardCounts> {
    const started = now();
    const pending = repository.counts(scope, new Date(started)).then(
      (counts) => {
        const computedAt = now();
        entry.pending = undefined;
        if (computedAt - started > SLOW_MS) entry.counted = { counts, computedAt };
        else if (cache.get(key) === entry) cache.delete(key);
        return counts;
      },
      (error: unknown) => {
        entry.pending = undefined;
        if (!entry.counted && cache.get(key) === entry) cache.delete(key);
        throw error;
      },
    );
    entry.pending = pending;
    return pending;
  }

  return {
    counts(scope: Scope): Promise<DashboardCounts> {
      const key = `${scope.ownerId ?? 'all'}:${scope.userId}`;
      let entry = cache.get(key);
      const age = entry?.counted ? now() - entry.counted.computedAt : Infinity;
      if (entry?.counted && age < FRESH_FOR_MS) return Promise.resolve(entry.counted.counts);
      if (entry?.counted && age < SERVED_WHILE_COUNTING_MS) {
        if (!entry.pending) {
          // Nobody waits for this one: its failure leaves the last result until it is too old.
          count(key, scope, entry).catch(() => undefined);
        }
        return Promise.resolve(entry.counted.counts);
      }
      if (entry?.pending) return entry.pending;
      if (!entry) {
        if (cache.size >= 10_000) cache.clear();
        entry = {};
        cache.set(key, entry);
      }
      return count(key, scope, entry);
    },
  };
}
