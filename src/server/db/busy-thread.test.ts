import { describe, expect, it } from 'vitest';
import { busyThread, DEFAULT_BUSY_RULE } from './busy-thread';

/** A gauge fed by hand: each call to the returned `at` reports the next utilization over its time. */
function gauge() {
  const samples: { utilization: number; elapsedMs: number }[] = [];
  const busy = busyThread(DEFAULT_BUSY_RULE, () => samples.shift() ?? { utilization: 0, elapsedMs: 0 });
  return (utilization: number, elapsedMs = 1000) => {
    samples.push({ utilization, elapsedMs });
    return busy();
  };
}

describe('busyThread', () => {
  it('is busy only after two whole seconds above 80% in a row', () => {
    const at = gauge();
    expect(at(0.95)).toBe(false);
    expect(at(0.6)).toBe(false);
    expect(at(0.95)).toBe(false);
    expect(at(0.95)).toBe(true);
  });

  it('adds up short samples into whole periods', () => {
    const at = gauge();
    for (let i = 0; i < 7; i += 1) expect(at(0.9, 250)).toBe(false);
    expect(at(0.9, 250)).toBe(true);
  });

  it('stays busy through a dip above 50%, and calms after two seconds under it', () => {
    const at = gauge();
    at(0.9);
    expect(at(0.9)).toBe(true);
    expect(at(0.6)).toBe(true);
    expect(at(0.4)).toBe(true);
    expect(at(0.7)).toBe(true);
    expect(at(0.3)).toBe(true);
    expect(at(0.2)).toBe(false);
  });

  it('reads the real event loop when given no source', () => {
    const busy = busyThread();
    expect(busy()).toBe(false);
  });
});
