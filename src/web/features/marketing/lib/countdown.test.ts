import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNTDOWN_START, isFinished, tick, useCountdown } from './countdown';

describe('countdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at 01:22:59', () => {
    expect(COUNTDOWN_START).toEqual({ hours: 1, minutes: 22, seconds: 59 });
  });

  it('counts seconds down', () => {
    expect(tick({ hours: 1, minutes: 22, seconds: 59 })).toEqual({ hours: 1, minutes: 22, seconds: 58 });
  });

  it('borrows a minute when the seconds reach 0', () => {
    expect(tick({ hours: 1, minutes: 22, seconds: 0 })).toEqual({ hours: 1, minutes: 21, seconds: 59 });
  });

  it('borrows an hour when minutes and seconds reach 0', () => {
    expect(tick({ hours: 1, minutes: 0, seconds: 0 })).toEqual({ hours: 0, minutes: 59, seconds: 59 });
  });

  it('stops at 00:00:00', () => {
    const zero = { hours: 0, minutes: 0, seconds: 0 };
    expect(tick({ hours: 0, minutes: 0, seconds: 1 })).toEqual(zero);
    expect(tick(zero)).toEqual(zero);
    expect(isFinished(zero)).toBe(true);
  });

  it('reaches zero after exactly 1 h 22 min 59 s of ticks', () => {
    let time = COUNTDOWN_START;
    const total = 1 * 3600 + 22 * 60 + 59;
    for (let i = 0; i < total - 1; i += 1) time = tick(time);
    expect(isFinished(time)).toBe(false);
    time = tick(time);
    expect(isFinished(time)).toBe(true);
  });

  it('ticks once a second and stops ticking at zero', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown({ hours: 0, minutes: 0, seconds: 2 }));
    expect(result.current).toEqual({ hours: 0, minutes: 0, seconds: 2 });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.seconds).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(isFinished(result.current)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(isFinished(result.current)).toBe(true);
  });
});
