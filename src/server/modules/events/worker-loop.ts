/**
 * The loop around a claim-and-process pass that the outbox and the webhook worker share: it runs passes
 * until one claims nothing, when woken and every `pollMs`; a wake-up that found nothing looks once more
 * 100 ms later (on PostgreSQL it may have run before the commit that woke it). One run at a time per
 * process; other instances are kept apart by the claims themselves.
 */
export function createWorkerLoop(
  pass: () => Promise<number>,
  options: { pollMs: number; onError: (error: unknown) => void },
) {
  const { pollMs, onError } = options;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let followUp: NodeJS.Timeout | null = null;
  let stopped = true;

  /** Runs passes until one claims nothing; concurrent callers share the run in progress. */
  function runUntilIdle(): Promise<number> {
    if (running) return running;
    running = (async () => {
      let total = 0;
      try {
        for (;;) {
          const n = await pass();
          total += n;
          if (n === 0) return total;
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
    /** Soon, after the caller's current work (a recording transaction) has had its turn. */
    wake(): void {
      setImmediate(wake);
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
      if (followUp) clearTimeout(followUp);
      timer = null;
      followUp = null;
      await running?.catch(() => {});
    },

    /** Processes everything due now (tests, scripts): answers how many items were claimed. */
    async drain(): Promise<number> {
      // A run already going may have looked before the caller's last commit: run a fresh one.
      await running?.catch(() => {});
      return runUntilIdle();
    },
  };
}
