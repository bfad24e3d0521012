import { useEffect, useRef } from 'react';

/** SPEC.md section 4: two minutes without mouse movement, a key or a click signs the user out. */
export const IDLE_TIMEOUT_MS = 120_000;
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click'] as const;

/**
 * Calls `onIdle` once `timeoutMs` pass with no activity. Activity only records a timestamp (mousemove
 * fires constantly); the single timer checks it when it runs out and waits again for the remainder.
 */
export function useIdleTimeout(onIdle: () => void, timeoutMs: number = IDLE_TIMEOUT_MS): void {
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  });

  useEffect(() => {
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;

    function check() {
      const idleFor = Date.now() - lastActivity;
      if (idleFor >= timeoutMs) onIdleRef.current();
      else timer = setTimeout(check, timeoutMs - idleFor);
    }
    function recordActivity() {
      lastActivity = Date.now();
    }

    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, recordActivity, { passive: true });
    timer = setTimeout(check, timeoutMs);
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, recordActivity);
    };
  }, [timeoutMs]);
}
