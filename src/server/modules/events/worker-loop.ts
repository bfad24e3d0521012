/**
 * The loop around a claim-and-process pass that the outbox and the webhook worker share: it runs passes
 * when woken and every `pollMs`, as long as the last one filled its batch (more may be due) or a
 * wake-up came while it ran (something new was recorded); a wake-up that found nothing looks once
 * more 100 ms later (on PostgreSQL it may have run before the commit that woke it). One run at a time
 * per process; other instances are kept apart by the claims themselves.
 */
export function createWorkerLoop(
  pass: () => Promise<number>,
  options: { pollMs: number; batchSize: number; onError: (error: unknown) => void },
) {
  const { pollMs, batchSize, onError } = options;
  let running: Promise<number> | null = null;
  let wokenWhileRunning = false;
  let timer: NodeJS.Timeout | null = null;
  let followUp: NodeJS.Timeout | null = null;
  let pendingWake: NodeJS.Immediate | null = null;
  let stopped = true;

  /**
   * Runs passes until one finds nothing more to do (see above; `untilEmpty`: until one claims
   * nothing, so retries that became due meanwhile are taken too). Concurrent callers share the run
   * in progress. Under a steady stream of events each pass takes what the previous one left, rather
   * than a pass per event and an empty one after it: on SQLite each claim is a write.
   */
  function runUntilIdle(untilEmpty = false): Promise<number> {
    if (running) {
      wokenWhileRunning = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        for (;;) {
          wokenWhileRunning = false;
          const n = await pass();
          total += n;
          if (n === 0) return total;
          if (!untilEmpty && n < batchSize && !wokenWhileRunning) return total;
        }
      } finally {
        running = null;
      }
    })();
    return running;
  }

  function wake(): void {
    if (stopped) return;
    runUntilIdle().then((processed) => {
      if (processed === 0 && !followUp && !stopped) {
        followUp = setTimeout(() => {
          followUp = null;
          if (!stopped) runUntilIdle().catch(onError);
        }, 100);
        followUp.unref();
      }
    }, onError);
  }

  return {
    /**
     * Soon, after the caller's current work (a recording transaction) has had its turn. The wake-ups
     * of one turn of the event loop are one: under load that turn committed many events, and the run
     * they start takes them all (one claim, not one per event that mostly finds nothing).
     */
    wake(): void {
      if (pendingWake) return;
      pendingWake = setImmediate(() => {
        pendingWake = null;
        wake();
      });
    },

    start(): void {
      if (!stopped) return;
      stopped = false;
      if (pollMs > 0) {
        timer = setInterval(wake, pollMs);
        timer.unref();
      }
      wake();
    },

    /** Stops polling and waits for the run in progress, so nothing is half-done at close. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      if (pendingWake) clearImmediate(pendingWake);
      pendingWake = null;
      if (followUp) clearTimeout(followUp);
      timer = null;
      followUp = null;
      await running?.catch(() => {});
    },

    /** Processes everything due now (tests, scripts): answers how many items were claimed. */
    async drain(): Promise<number> {
      // A run already going may have looked before the caller's last commit: run a fresh one.
      await running?.catch(() => {});
      return runUntilIdle(true);
    },
  };
}
