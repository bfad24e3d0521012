import { describe, expect, it } from 'vitest';
import { atTurnEnd, batchPerTurn } from './batch-per-turn';

/** A batched doubling that records the batches it was given. */
function doubling(options?: Parameters<typeof batchPerTurn<number, number>>[1]) {
  const batches: number[][] = [];
  const double = batchPerTurn(async (inputs: number[]) => {
    batches.push(inputs);
    return inputs.map((input) => input * 2);
  }, options);
  return { double, batches };
}

describe('batchPerTurn', () => {
  it('runs the calls of one turn as one batch and answers each caller its own output', async () => {
    const { double, batches } = doubling();
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('starts a new batch in the next turn', async () => {
    const { double, batches } = doubling();
    expect(await double(1)).toBe(2);
    expect(await double(2)).toBe(4);
    expect(batches).toEqual([[1], [2]]);
  });

  it('puts calls that share a key in different batches of the same turn', async () => {
    const { double, batches } = doubling({ keysOf: (input) => [`k${input % 2}`] });
    expect(await Promise.all([double(1), double(2), double(3), double(4), double(5)])).toEqual([
      2, 4, 6, 8, 10,
    ]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('sends a batch as soon as it is full, and the rest of the turn at its end', async () => {
    const { double, batches } = doubling({ maxBatch: 2 });
    const first = double(1);
    const second = double(2);
    // Full: already sent, before this turn ended; the fifth call waits for the turn's end.
    expect(batches).toEqual([[1, 2]]);
    const rest = [double(3), double(4), double(5)];
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(await Promise.all([first, second, ...rest])).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("rejects every call of a failed batch with its error, and only that batch's", async () => {
    const run = batchPerTurn(
      async (inputs: string[]) => {
        if (inputs.includes('bad')) throw new Error('the database is down');
        return inputs;
      },
      { keysOf: (input) => [input === 'bad' ? 'x' : input] },
    );
    const [bad, sameBatch, otherBatch] = await Promise.allSettled([run('bad'), run('a'), run('x')]);
    expect(bad).toMatchObject({ status: 'rejected', reason: { message: 'the database is down' } });
    expect(sameBatch).toMatchObject({ status: 'rejected' });
    expect(otherBatch).toEqual({ status: 'fulfilled', value: 'x' });
  });
});

describe('atTurnEnd', () => {
  it("answers each value once the turn's other work is done, all of a turn together, in order", async () => {
    const events: string[] = [];
    setImmediate(() => events.push('work queued before'));
    const answers = [atTurnEnd('a'), atTurnEnd('b')].map((answer) =>
      answer.then((value) => events.push(`answer ${value}`)),
    );
    await Promise.resolve();
    events.push('same turn');
    await Promise.all(answers);
    expect(events).toEqual(['same turn', 'work queued before', 'answer a', 'answer b']);
  });

  it("runs with the turn's batches, from the one setImmediate the turn's first of them queued", async () => {
    const events: string[] = [];
    const run = batchPerTurn(async (inputs: string[]) => {
      events.push(`batch ${inputs.join()}`);
      return inputs;
    });
    const batched = run('x');
    setImmediate(() => events.push('queued after'));
    const answered = atTurnEnd('a').then((value) => events.push(`answer ${value}`));
    await Promise.all([batched, answered]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['batch x', 'answer a', 'queued after']);
  });
});
