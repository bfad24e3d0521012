import { useEffect, useRef, useState } from 'react';

/** The panel signs the user out after two minutes without mouse movement, a key or a click. */
export const IDLE_TIMEOUT_MS = 120_000;
/** How long before that the user is warned, with a way to stay signed in. */
export const IDLE_WARNING_MS = 30_000;
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'touchstart'] as const;

/**
 * Calls `onIdle` once `timeoutMs` pass with no activity, and answers `warning: true` for the last
 * `warningMs` of it (any activity, or `stay()`, ends the warning and starts the count again). Activity
 * only records a timestamp (mousemove fires constantly); the single timer checks it when it runs out
 * and waits again for the remainder.
 */
export function useIdleTimeout(
  onIdle: () => void,
  {
    timeoutMs = IDLE_TIMEOUT_MS,
    warningMs = IDLE_WARNING_MS,
  }: { timeoutMs?: number; warningMs?: number } = {},
): { warning: boolean; stay: () => void } {
  const onIdleRef = useRef(onIdle);
  const stayRef = useRef<() => void>(() => {});
  const [warning, setWarning] = useState(false);
  useEffect(() => {
    onIdleRef.current = onIdle;
  });

  useEffect(() => {
    let lastActivity = Date.now();
    let warned = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const warnAfter = Math.max(0, timeoutMs - warningMs);

    function check() {
      const idleFor = Date.now() - lastActivity;
      if (idleFor >= timeoutMs) {
        onIdleRef.current();
        return;
      }
      if (idleFor >= warnAfter && !warned) {
        warned = true;
        setWarning(true);
      }
      timer = setTimeout(check, (idleFor >= warnAfter ? timeoutMs : warnAfter) - idleFor);
    }
    function recordActivity() {
      lastActivity = Date.now();
      if (warned) {
        warned = false;
        setWarning(false);
        clearTimeout(timer);
        timer = setTimeout(check, warnAfter);
      }
    }
    stayRef.current = recordActivity;

    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, recordActivity, { passive: true });
    timer = setTimeout(check, warnAfter);
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, recordActivity);
    };
  }, [timeoutMs, warningMs]);

  return { warning, stay: () => stayRef.current() };
}
