import type { Compilable, Kysely } from 'kysely';
import { directRunnerOf, isSqlite, namedRunnerOf, statementName } from './index';
import type { Database } from './schema';

export type PreparedQuery<A extends unknown[], Row> = {
  (...args: A): Promise<Row[]>;
  /** The same query on another executor (a transaction). */
  on(executor: Kysely<Database>): (...args: A) => Promise<Row[]>;
};

/**
 * A query built and compiled once, then run with new values. Kysely builds and compiles a query on
 * every call (tens of µs here), which was most of the TV app's hot path outside the database itself;
 * on SQLite the statement also skips Kysely's connection queue when no transaction is open; on
 * PostgreSQL, outside transactions, it runs as a named statement, which each pooled connection parses
 * and plans once (named by the SQL's hash: the same text always gets the same name, so repositories
 * made per request add no statements to the server).
 * `build` is called once with placeholder values, whose positions among the compiled parameters are
 * then filled in per call; so `build` must make the same SQL whatever the values (no optional
 * clauses, no `in` lists), which is checked: every placeholder must land in the parameters (an
 * argument may be used in several places).
 */
export function prepareQuery<A extends unknown[], Row>(
  db: Kysely<Database>,
  arity: A['length'],
  build: (...args: A) => Compilable<Row>,
): PreparedQuery<A, Row> {
  const placeholders = Array.from({ length: arity }, (_, index) => ({ preparedArgument: index }));
  const compiled = build(...(placeholders as unknown as A)).compile();
  const slots = compiled.parameters.map((value) => placeholders.indexOf(value as (typeof placeholders)[0]));
  for (let index = 0; index < arity; index += 1) {
    if (!slots.includes(index)) {
      throw new Error(`prepareQuery: argument ${index} is not a parameter of: ${compiled.sql}`);
    }
  }
  const parametersFor = (args: A) =>
    slots.map((slot, position) => (slot >= 0 ? args[slot] : compiled.parameters[position]));
  const name = statementName(compiled.sql);
  const run = (executor: Kysely<Database>) => {
    // On SQLite, outside transactions, the statement runs at once (see SqliteDirect).
    const direct = directRunnerOf(executor);
    const named = namedRunnerOf(executor);
    return async (...args: A): Promise<Row[]> => {
      const parameters = parametersFor(args);
      const rows = direct?.(compiled.sql, parameters);
      if (rows) return rows as Row[];
      if (named) return (await named(name, compiled.sql, parameters)) as Row[];
      return (await executor.executeQuery<Row>({ ...compiled, parameters })).rows;
    };
  };
  return Object.assign(run(db), { on: run });
}

/**
 * prepareQuery for repositories made per transaction (`createCreditRepository(trx)`), where preparing
 * in the repository would compile again on every call: the query is compiled once per dialect, on
 * the first executor that asks, and run on whichever executor is given (the database or a
 * transaction). Activation's statements build this way; Kysely's building was a fifth of its main
 * thread on SQLite (decision 0052). `build` gets the executor to build on, and the same rule as
 * prepareQuery's: the same SQL whatever the values.
 */
export function prepareQueryOnce<A extends unknown[], Row>(
  arity: A['length'],
  build: (db: Kysely<Database>, ...args: A) => Compilable<Row>,
): (executor: Kysely<Database>) => (...args: A) => Promise<Row[]> {
  const byDialect = new Map<boolean, PreparedQuery<A, Row>>();
  return (executor) => {
    const sqlite = isSqlite(executor);
    let prepared = byDialect.get(sqlite);
    if (!prepared) {
      prepared = prepareQuery(executor, arity, (...args: A) => build(executor, ...args));
      byDialect.set(sqlite, prepared);
    }
    return prepared.on(executor);
  };
}

/**
 * prepareQueryOnce for a statement whose SQL depends on a count (a multi-row INSERT's rows): one
 * compiled per count up to `kept`; a larger count is compiled again for each call. On PostgreSQL,
 * outside a transaction, each count still gets a named statement on every pooled connection, so a
 * count must stay within a small set: the callers' are the consumers of an event and the admins to
 * notify.
 */
export function prepareQueryPerCount<Prepared>(
  kept: number,
  prepare: (count: number) => Prepared,
): (count: number) => Prepared {
  const byCount = new Map<number, Prepared>();
  return (count) => {
    if (count > kept) return prepare(count);
    let prepared = byCount.get(count);
    if (!prepared) {
      prepared = prepare(count);
      byCount.set(count, prepared);
    }
    return prepared;
  };
}
