/**
 * Gathers the calls made during one turn of the event loop and runs them together: on PostgreSQL, one
 * statement for every request of the turn instead of one per request (decision 0021). Under load the
 * TV app's polls arrive dozens per turn, and each statement costs the database a round of executor
 * set-up and both processes a socket write and a wake-up; a call made alone is a batch of one, sent
 * once the turn's other work is done (setImmediate).
 *
 * `keysOf` names what one statement cannot hold twice (an upsert touches a row once): a call sharing
 * a key with a batch goes in another batch, run beside it. A batch that reaches `maxBatch` calls is
 * sent at once, before the turn ends: when `run` works on another thread (SQLite's readers), it starts
 * on the first calls while this thread still parses the turn's other requests. `run` answers one
 * output per input, in order; its error is each of its callers'.
 */
export function batchPerTurn<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  {
    keysOf = () => [],
    maxBatch = Infinity,
  }: { keysOf?: (input: I) => readonly string[]; maxBatch?: number } = {},
): (input: I) => Promise<O> {
  type Waiting = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };
  type Batch = { waiting: Waiting[]; keys: Set<string> };
  let batches: Batch[] = [];

  async function runOne({ waiting }: Batch): Promise<void> {
    try {
      const outputs = await run(waiting.map((call) => call.input));
      waiting.forEach((call, index) => call.resolve(outputs[index]!));
    } catch (error) {
      for (const call of waiting) call.reject(error);
    }
  }

  function flush(): void {
    const turn = batches;
    batches = [];
    for (const batch of turn) void runOne(batch);
  }

  return (input: I) =>
    new Promise<O>((resolve, reject) => {
      if (batches.length === 0) atEndOfTurn(flush);
      const keys = keysOf(input);
      let batch = batches.find((candidate) => !keys.some((key) => candidate.keys.has(key)));
      if (!batch) {
        batch = { waiting: [], keys: new Set() };
        batches.push(batch);
      }
      for (const key of keys) batch.keys.add(key);
      batch.waiting.push({ input, resolve, reject });
      if (batch.waiting.length >= maxBatch) {
        // Sent now; the turn's flush still runs (it was scheduled with the first call), for the rest.
        batches.splice(batches.indexOf(batch), 1);
        void runOne(batch);
      }
    });
}

let endOfTurn: (() => void)[] = [];

function runEndOfTurn(): void {
  const turn = endOfTurn;
  endOfTurn = [];
  for (const work of turn) work();
}

/**
 * Runs `work` once the turn's other work is done, with all the turn's other such work, in order, from
 * one setImmediate: the batches' sends and the answers already at hand (atTurnEnd).
 */
function atEndOfTurn(work: () => void): void {
  if (endOfTurn.length === 0) setImmediate(runEndOfTurn);
  endOfTurn.push(work);
}

/**
 * A value already at hand, answered once the turn's other work is done, with the turn's batches and
 * other such answers. Under wrk on two cores, the TV app's polls answered from memory at once, each
 * between two connections' reads, cost the main thread a third more a poll than the same answers given
 * at the end of the turn (decision 0045).
 */
export function atTurnEnd<T>(value: T): Promise<T> {
  return new Promise<T>((resolve) => atEndOfTurn(() => resolve(value)));
}
