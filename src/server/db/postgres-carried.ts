import pg from 'pg';
// pg's conversion of a value for the wire (a Date, a Buffer, an array), as its Query applies it to each
// bound value; pg exports it from this file only.
import pgUtils from 'pg/lib/utils.js';

/**
 * A write whose answer nobody reads, held by a PostgreSQL connection until the transaction's next
 * statement carries it (decision 0065): the name it was prepared under on that connection, and its
 * values already converted for the wire (so a value that cannot be sent fails where it was given).
 */
export type CarriedStatement = { name: string; values: unknown[] };

/** What a carried statement answers at once: nothing yet (its caller reads no answer). */
export function heldAnswer(text: string): { command: string; rowCount: number; rows: never[] } {
  return { command: text.split(' ', 1)[0]!.toUpperCase(), rowCount: 0, rows: [] };
}

export function toWire(values: readonly unknown[]): unknown[] {
  return values.map((value) => pgUtils.prepareValue(value));
}

/** The parts of pg's Connection a query writes with (pg's typings leave out the optional arguments). */
type Wire = {
  bind(config: { portal: string; statement: string; values: unknown[] }): void;
  execute(config: { portal: string }): void;
};

/** The parts of pg's Query this class extends; pg's typings declare neither. */
type QueryInternals = {
  prepare(connection: Wire): void;
  handleCommandComplete(message: unknown, connection: Wire): void;
};
const base = pg.Query.prototype as unknown as QueryInternals;

/**
 * A statement sent with the carried statements before it, in one write and under one Sync: PostgreSQL
 * runs them in order, then it, and answers once. Each carried statement is bound to its prepared name
 * and executed, without a Describe (it returns no rows) and without a Sync, so:
 * - its completion precedes the statement's own and is skipped here: the answer is the statement's;
 * - its error ends the batch: PostgreSQL skips the rest up to the Sync, and this query fails with that
 *   error, which fails the transaction (a COMMIT carried with it is skipped: the transaction is left
 *   failed, and the caller rolls it back).
 * Only statements the connection has already parsed are carried, so no Parse is sent for them and pg's
 * bookkeeping of parsed statements (done by the query in flight) sees only this statement's.
 */
export class CarryingQuery extends pg.Query {
  readonly #carried: readonly CarriedStatement[];
  #completionsToSkip: number;

  constructor(
    config: pg.QueryConfig,
    carried: readonly CarriedStatement[],
    callback: (error: Error | undefined, result: pg.QueryResult) => void,
  ) {
    // Extended protocol even without values (a COMMIT): the carried statements need its messages.
    super({ ...config, queryMode: 'extended' } as pg.QueryConfig, callback);
    this.#carried = carried;
    this.#completionsToSkip = carried.length;
  }

  // Called by pg's submit() with the socket corked, so everything leaves in one write.
  prepare(connection: Wire): void {
    for (const { name, values } of this.#carried) {
      connection.bind({ portal: '', statement: name, values });
      connection.execute({ portal: '' });
    }
    base.prepare.call(this, connection);
  }

  handleCommandComplete(message: unknown, connection: Wire): void {
    if (this.#completionsToSkip > 0) {
      this.#completionsToSkip -= 1;
      return;
    }
    base.handleCommandComplete.call(this, message, connection);
  }
}
