import { useEffect, useState } from 'react';

/** docs/product.md: the home page's special-offer countdown starts at 01:22:59 and ticks each second. */
export const COUNTDOWN_START: CountdownTime = { hours: 1, minutes: 22, seconds: 59 };
export const COUNTDOWN_TICK_MS = 1000;

export interface CountdownTime {
  hours: number;
  minutes: number;
  seconds: number;
}

export function isFinished(time: CountdownTime): boolean {
  return time.hours === 0 && time.minutes === 0 && time.seconds === 0;
}

/**
 * One second less: seconds roll from 0 to 59 borrowing a minute, minutes borrow from hours, and
 * 00:00:00 stays where it is.
 */
export function tick(time: CountdownTime): CountdownTime {
  if (isFinished(time)) return time;
  if (time.seconds > 0) return { ...time, seconds: time.seconds - 1 };
  if (time.minutes > 0) return { ...time, minutes: time.minutes - 1, seconds: 59 };
  return { hours: time.hours - 1, minutes: 59, seconds: 59 };
}

/**
 * The countdown as state. Server and first client render show the start value (so hydration
 * matches); ticking starts once the page is interactive and stops at zero.
 */
export function useCountdown(start: CountdownTime = COUNTDOWN_START): CountdownTime {
  const [time, setTime] = useState(start);
  const finished = isFinished(time);
  useEffect(() => {
    if (finished) return undefined;
    const id = window.setInterval(() => setTime(tick), COUNTDOWN_TICK_MS);
    return () => window.clearInterval(id);
  }, [finished]);
  return time;
}
