import { performance } from 'node:perf_hooks';

/** How the main thread's load is judged (event loop utilization: the share of time not idle). */
export type BusyRule = {
  /** Busy from this utilization on, over `periods` whole periods in a row... */
  busyAbove: number;
  /** ...and no longer once it has been under this one as long (hysteresis: no flapping between). */
  calmBelow: number;
  periodMs: number;
  periods: number;
};

export const DEFAULT_BUSY_RULE: BusyRule = { busyAbove: 0.8, calmBelow: 0.5, periodMs: 1000, periods: 2 };

/**
 * Answers whether this thread has been busy lately, from its event loop utilization, sampled when
 * asked (no timer: a thread that never asks pays nothing). Work that could move to another thread
 * (SQLite's TV lookups, decision 0022) moves only under sustained load, and comes back once calm.
 * `utilization` is for tests: it answers the utilization and length of the time since its last call.
 */
export function busyThread(
  rule: BusyRule = DEFAULT_BUSY_RULE,
  utilization: () => { utilization: number; elapsedMs: number } = loopUtilization(),
): () => boolean {
  let busy = false;
  let streak = 0;
  let pending = { active: 0, elapsedMs: 0 };
  return () => {
    const sample = utilization();
    pending = {
      active: pending.active + sample.utilization * sample.elapsedMs,
      elapsedMs: pending.elapsedMs + sample.elapsedMs,
    };
    if (pending.elapsedMs < rule.periodMs) return busy;
    const share = pending.active / pending.elapsedMs;
    pending = { active: 0, elapsedMs: 0 };
    const pointsAway = busy ? share < rule.calmBelow : share > rule.busyAbove;
    streak = pointsAway ? streak + 1 : 0;
    if (streak >= rule.periods) {
      busy = !busy;
      streak = 0;
    }
    return busy;
  };
}

function loopUtilization(): () => { utilization: number; elapsedMs: number } {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const delta = performance.eventLoopUtilization(now, last);
    last = now;
    return { utilization: delta.utilization, elapsedMs: delta.idle + delta.active };
  };
}
