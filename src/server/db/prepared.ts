import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import {
  carryInTransactions,
  directRunnerOf,
  isSqlite,
  nameInTransactions,
  namedRunnerOf,
  statementName,
} from './index';
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
 * PostgreSQL it runs as a named statement, which each pooled connection parses and plans once (named
 * by the SQL's hash: the same text always gets the same name, so repositories made per request add no
 * statements to the server); inside a transaction only if it does not return `*` (nameInTransactions).
 * `build` is called once with placeholder values, whose positions among the compiled parameters are
 * then filled in per call; so `build` must make the same SQL whatever the values (no optional
 * clauses, no `in` lists), which is checked: every placeholder must land in the parameters (an
 * argument may be used in several places).
 */
export function prepareQuery<A extends unknown[], Row>(
  db: Kysely<Database>,
  arity: A['length'],
  build: (...args: A) => Compilable<Row>,
  /** A write whose answer nobody reads: carried by the transaction's next statement (prepareWriteOnce). */
  carried = false,
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
  if (!isSqlite(db)) (carried ? carryInTransactions : nameInTransactions)(compiled.sql);
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
  carried = false,
): (executor: Kysely<Database>) => (...args: A) => Promise<Row[]> {
  const byDialect = new Map<boolean, PreparedQuery<A, Row>>();
  return (executor) => {
    const sqlite = isSqlite(executor);
    let prepared = byDialect.get(sqlite);
    if (!prepared) {
      prepared = prepareQuery(executor, arity, (...args: A) => build(executor, ...args), carried);
      byDialect.set(sqlite, prepared);
    }
    return prepared.on(executor);
  };
}

/**
 * prepareQueryOnce for an INSERT whose answer its caller never reads (a ledger row, an audit entry, an
 * event's deliveries). On PostgreSQL, inside a transaction, it is sent with the transaction's next
 * statement, in the same write (decision 0065): the promise resolves at once, and the statement's error,
 * if any, fails the one that carried it, which fails the transaction as its own would have. So only
 * for a write whose error nobody catches on its own, and that answers nothing: it returns no rows.
 */
export function prepareWriteOnce<A extends unknown[]>(
  arity: A['length'],
  build: (db: Kysely<Database>, ...args: A) => Compilable<unknown>,
): (executor: Kysely<Database>) => (...args: A) => Promise<void> {
  const prepared = prepareQueryOnce(arity, build, true);
  return (executor) => {
    const run = prepared(executor);
    return async (...args) => {
      await run(...args);
    };
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

/** A statement compiled for one shape: its SQL, and where each parameter comes from. */
type ShapeStatement = {
  query: CompiledQuery['query'];
  queryId: CompiledQuery['queryId'];
  sql: string;
  /** The value's name for a parameter given per call, undefined for one the SQL always takes. */
  slots: (string | undefined)[];
  constants: readonly unknown[];
};

/** A value's stand-in while a shape is compiled: its position in the parameters names the value. */
class ShapeValue {
  constructor(readonly name: string) {}
}

/**
 * prepareQueryOnce for a statement with optional clauses (the device list's filters): compiled once per
 * shape, then given new values. Kysely's building and compiling of the list's page was 13-15 µs of
 * SQLite's main thread a page (decision 0031), every page alike. A shape is the `ways` (what the SQL
 * depends on besides values: which filter, how a search matches) and the names of the values that are
 * defined; `build` gets the ways and, for each defined value, a stand-in, so it must make the same
 * SQL for the same shape whatever the values (it cannot look at them), which is checked: every
 * defined value must land in the parameters. A shape is compiled per dialect; at most `kept` are
 * kept in all (a filter's ways are few), the oldest compiled again when needed.
 */
export function compiledPerShape<Ways, Values extends Record<string, unknown>, Row>(
  build: (db: Kysely<Database>, ways: Ways, values: Values) => Compilable<Row>,
  kept = 256,
): (db: Kysely<Database>, ways: Ways, values: Values) => Compilable<Row> {
  const byShape = new Map<string, ShapeStatement>();
  return (db, ways, values) => {
    const defined = Object.keys(values).filter((name) => values[name] !== undefined);
    const shape = JSON.stringify([isSqlite(db), ways, defined]);
    let statement = byShape.get(shape);
    if (!statement) {
      const standIns = Object.fromEntries(defined.map((name) => [name, new ShapeValue(name)]));
      const compiled = build(db, ways, standIns as Values).compile();
      const slots = compiled.parameters.map((value) =>
        value instanceof ShapeValue ? value.name : undefined,
      );
      const missing = defined.filter((name) => !slots.includes(name));
      if (missing.length > 0) {
        throw new Error(`compiledPerShape: ${missing.join(', ')} not a parameter of: ${compiled.sql}`);
      }
      statement = { ...compiled, slots, constants: compiled.parameters };
      if (byShape.size >= kept) byShape.delete(byShape.keys().next().value as string);
      byShape.set(shape, statement);
    }
    const { query, queryId, sql, slots, constants } = statement;
    return {
      compile: () => ({
        query,
        queryId,
        sql,
        parameters: slots.map((name, position) => (name === undefined ? constants[position] : values[name])),
      }),
    };
  };
}
