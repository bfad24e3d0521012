import { describe, expect, it } from 'vitest';
import { createWorkerLoop } from './worker-loop';

/** A queue the loop's passes take from, at most `batchSize` items a pass, counting its passes. */
function queueWorker(batchSize: number) {
  const state = { due: 0, passes: 0, taken: 0, duringPass: null as null | (() => void) };
  const loop = createWorkerLoop(
    async () => {
      state.passes += 1;
      await new Promise((resolve) => setImmediate(resolve));
      const n = Math.min(batchSize, state.due);
      state.due -= n;
      state.taken += n;
      state.duringPass?.();
      return n;
    },
    { pollMs: 0, batchSize, onError: (error) => expect.fail(String(error)) },
  );
  return { loop, state };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the worker loop', () => {
  it('ends a run with a pass that did not fill its batch: no empty pass to confirm it', async () => {
    const { loop, state } = queueWorker(10);
    loop.start();
    await settled();
    const before = state.passes;
    state.due = 3;
    loop.wake();
    await settled();
    expect(state).toMatchObject({ taken: 3, passes: before + 1 });
    await loop.stop();
  });

  it('runs again while its passes fill their batch', async () => {
    const { loop, state } = queueWorker(10);
    loop.start();
    await settled();
    const before = state.passes;
    state.due = 25;
    loop.wake();
    await settled();
    expect(state).toMatchObject({ taken: 25, passes: before + 3 });
    await loop.stop();
  });

  it('takes in one more pass what was recorded while a pass ran, however many wake-ups came', async () => {
    const { loop, state } = queueWorker(100);
    loop.start();
    await settled();
    const before = state.passes;
    let stream = 5;
    // Each pass, five more are recorded and each wakes the loop.
    state.duringPass = () => {
      if (stream-- <= 0) return;
      state.due += 5;
      for (let k = 0; k < 5; k += 1) loop.wake();
    };
    state.due = 1;
    loop.wake();
    await settled();
    expect(state.taken).toBe(26);
    // One pass per batch of five, not one per event (26), and none that finds nothing.
    expect(state.passes - before).toBe(6);
    await loop.stop();
  });

  it('drains until a pass claims nothing: retries that fell due meanwhile are taken too', async () => {
    const { loop, state } = queueWorker(10);
    let retries = 2;
    state.duringPass = () => {
      if (retries-- > 0) state.due += 1;
    };
    state.due = 1;
    expect(await loop.drain()).toBe(3);
    expect(state.due).toBe(0);
  });
});
