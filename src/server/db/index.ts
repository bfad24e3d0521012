import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { type Compilable, Kysely, PostgresDialect, SqliteAdapter, sql, type UnknownRow } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import {
  convertRow,
  convertRowWithTextTimestamps,
  openSqlite,
  type SqliteDirect,
  sqliteTypesPlugin,
  timestampsToText,
  toSqliteParam,
} from './sqlite';
import { CarryingQuery, type CarriedStatement, heldAnswer, toWire } from './postgres-carried';
import { mayChangeWatched, PostgresChanges } from './postgres-changes';
import { GroupCommitSqliteDialect } from './sqlite-group-commit';
import { SqliteCheckpointer } from './sqlite-checkpointer';
import { SqliteReaders } from './sqlite-readers';
import { postgresTextTimestamps, type WithTextTimestamps } from './timestamps';

export type DatabaseKind = 'sqlite' | 'postgres';

export type Db = Kysely<Database>;

/** SQLite databases' synchronous runners (see SqliteDirect), for prepareQuery. */
const sqliteDirect = new WeakMap<Db, SqliteDirect>();

export function directRunnerOf(db: Db): SqliteDirect | undefined {
  return sqliteDirect.get(db);
}

/** SQLite databases' count of statements run that may write (see openSqlite). */
const sqliteWrites = new WeakMap<Db, () => number>();

export function writesCounterOf(db: Db): (() => number) | undefined {
  return sqliteWrites.get(db);
}

/** SQLite databases' `data_version` (see openSqlite): other connections' commits move it. */
const sqliteDataVersion = new WeakMap<Db, () => number>();

export function dataVersionOf(db: Db): (() => number) | undefined {
  return sqliteDataVersion.get(db);
}

/** Runs a statement under a name, so each pooled connection parses and plans it once. */
export type NamedRunner = (
  name: string,
  sql: string,
  values: ReadonlyArray<unknown>,
  timestamps?: 'date' | 'text',
) => Promise<unknown[]>;

const postgresNamed = new WeakMap<Db, NamedRunner>();

/** PostgreSQL databases' changes as this process sees them (decision 0063). */
const postgresChanges = new WeakMap<Db, PostgresChanges>();

/**
 * What a PostgreSQL database's process hears of its changes, its listening connection started on
 * this first call (a process that keeps no answer, the admin CLI, never opens it).
 */
export function postgresChangesOf(db: Db): PostgresChanges | undefined {
  const changes = postgresChanges.get(db);
  void changes?.start();
  return changes;
}

/** PostgreSQL databases' named-statement runners, for prepareQuery (not for transactions). */
export function namedRunnerOf(db: Db): NamedRunner | undefined {
  return postgresNamed.get(db);
}

/**
 * A SQLite file's reader threads, in two lanes: `scans` for the panel's heavy reads (a device list's
 * page and count), `lookups` for the TV app's one-row reads, which must not queue behind a scan.
 */
type ReaderLanes = { scans: SqliteReaders; lookups: SqliteReaders };
export type ReaderLane = keyof ReaderLanes;
const sqliteReaders = new WeakMap<Db, ReaderLanes>();

/** Where executeReadOnly runs a read, and how it gives the timestamps. */
export type ReadOptions = {
  /** A SQLite file's reader lane (default `scans`). */
  lane?: ReaderLane;
  /**
   * `text`: every timestamp as ISO text (toISOString's), not a Date, for rows that only show them: on
   * SQLite the stored text itself, on PostgreSQL the sent text, each without a Date made and formatted.
   */
  timestamps?: 'date' | 'text';
};

/**
 * Runs a read-only query off the main thread when it can (a SQLite file: see SqliteReaders), else
 * as usual; the rows are the same either way. Not for reads inside a transaction: another connection
 * does not see its writes.
 */
export async function executeReadOnly<Row>(
  db: Db,
  query: Compilable<Row>,
  options: ReadOptions & { timestamps: 'text' },
): Promise<WithTextTimestamps<Row>[]>;
export async function executeReadOnly<Row>(
  db: Db,
  query: Compilable<Row>,
  options?: ReadOptions & { timestamps?: 'date' },
): Promise<Row[]>;
export async function executeReadOnly<Row>(
  db: Db,
  query: Compilable<Row>,
  { lane = 'scans', timestamps = 'date' }: ReadOptions = {},
): Promise<unknown[]> {
  const asText = timestamps === 'text';
  const compiled = query.compile();
  const readers = sqliteReaders.get(db)?.[lane];
  if (readers?.available) {
    const rows = await readers.all(compiled.sql, compiled.parameters.map(toSqliteParam));
    return rows.map(asText ? convertRowWithTextTimestamps : convertRow);
  }
  // On PostgreSQL a scan runs as a named statement: parsing and planning the list's statement was
  // 0.1-0.2 ms of the server's CPU per run, each page runs one or two, and their shapes are few (one
  // per combination of filters; the values are parameters). Not the lookups: their `in` lists vary.
  const named = lane === 'scans' ? postgresNamed.get(db) : undefined;
  if (named)
    return named(statementName(compiled.sql), compiled.sql, compiled.parameters, asText ? 'text' : 'date');
  const { rows } = await db.executeQuery(compiled);
  return asText ? rows.map((row) => timestampsToText(row as UnknownRow)) : rows;
}

/** PostgreSQL's refusal of a prepared statement whose tables changed shape since it was planned. */
export function isStalePlan(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: string }).code === '0A000' &&
    error.message.includes('cached plan must not change result type')
  );
}

/** Enough for every statement the app names (their shapes are few); more, and all are forgotten. */
const KEPT_STATEMENT_NAMES = 1000;
const statementNames = new Map<string, string>();

/**
 * A named statement's name, from its SQL: the same text always gets the same name, so code that
 * builds a statement again (a repository made per request) adds none to a connection.
 */
export function statementName(sql: string): string {
  // Remembered: a statement compiled once (prepared.ts) is the same string every time, whose hash
  // the engine keeps, so finding its name costs less than a SHA-1 of its text on every page.
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `prepared_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    if (statementNames.size >= KEPT_STATEMENT_NAMES) statementNames.clear();
    statementNames.set(sql, name);
  }
  return name;
}

/** Enough for every statement prepareQuery compiles (their shapes are few); past it, none is added. */
const KEPT_NAMED_IN_TRANSACTIONS = 1000;
const namedInTransactions = new Map<string, string>();

/**
 * Lets a statement prepareQuery compiled for PostgreSQL run as a named statement inside transactions
 * too (see NamingClient). Not one that returns `*`: a newer release's migration adding a column to
 * its table would change its result's shape, which a connection that prepared it refuses from then on
 * ("cached plan must not change result type"); one that names its columns is planned again quietly.
 */
export function nameInTransactions(sql: string): void {
  if (sql.includes('*') || namedInTransactions.has(sql)) return;
  if (namedInTransactions.size < KEPT_NAMED_IN_TRANSACTIONS) namedInTransactions.set(sql, statementName(sql));
}

/** Kysely's statements for a transaction without options (its PostgreSQL driver's text). */
const BEGIN = 'begin';
const COMMIT = 'commit';
const ROLLBACK = 'rollback';
for (const text of [BEGIN, COMMIT, ROLLBACK]) nameInTransactions(text);

const carriedInTransactions = new Set<string>();

/**
 * Lets a write prepareQuery compiled for PostgreSQL wait, inside a transaction, for the transaction's
 * next statement to carry it (see NamingClient, decision 0065): for a statement whose answer its caller
 * never reads (prepareWriteOnce), and which returns no rows.
 */
export function carryInTransactions(sql: string): void {
  if (/\breturning\b/i.test(sql) || !/^\s*insert\b/i.test(sql)) {
    throw new Error(`carryInTransactions: only an INSERT without RETURNING is carried: ${sql}`);
  }
  nameInTransactions(sql);
  if (namedInTransactions.has(sql)) carriedInTransactions.add(sql);
}

/**
 * A pooled PostgreSQL connection that sends the statements nameInTransactions registered under their
 * names, so it parses and plans each once: inside a transaction Kysely sends every statement as text
 * and values, which PostgreSQL parsed and planned on every call, a fifth of its time in an activation
 * (decision 0060). Outside transactions prepareQuery names its statements itself (postgresNamed).
 * Inside one it also holds `begin` and the writes carryInTransactions registered, for the next
 * statement to carry (decision 0065); Kysely ends every transaction with `commit` or `rollback`, which
 * send or drop them, so none is left for the connection's next user.
 */
class NamingClient extends pg.Client {
  /** Told of each statement that may change a watched table, sent and answered (keptWhileUnchanged). */
  readonly #changes: PostgresChanges | undefined;

  constructor(config?: pg.ClientConfig & { changes?: PostgresChanges }) {
    super(config);
    this.#changes = config?.changes;
  }

  /**
   * Raised when one of this connection's statements went stale (a column's type changed under it):
   * the failed transaction cannot be saved, but the next ones prepare every statement afresh, under
   * new names, where the old ones would fail on this connection for as long as it lives.
   */
  #generation = 0;

  // pg's query() has many overloads; this one only looks at (text, values) with no callback, as Kysely sends.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    const changes = this.#changes;
    const text: unknown = typeof config === 'string' ? config : config?.text;
    if (changes && typeof text === 'string' && mayChangeWatched(text)) {
      // Moved before it is sent and again once answered: an answer read meanwhile is not kept, and
      // one kept before is not given after it (a commit answered here is heard of by others later).
      changes.moved();
      if (callback !== undefined) return this.#query(config, values, callback);
      const moved = () => changes.moved();
      const running = this.#query(config, values, callback) as Promise<unknown>;
      running.then(moved, moved);
      return running;
    }
    return this.#query(config, values, callback);
  }

  /** Whether Kysely's `begin` went out (or is held) and neither `commit` nor `rollback` since. */
  #inTransaction = false;

  /** Writes held for the transaction's next statement to carry (decision 0065). */
  #held: CarriedStatement[] = [];

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  #query(config: any, values?: any, callback?: any): any {
    if (typeof config !== 'string' || !Array.isArray(values) || callback !== undefined) {
      return super.query(config, values, callback);
    }
    const generation = this.#generation;
    const name = this.#nameOf(config);
    // A `begin` waits for the transaction's first statement, and a write nobody reads the answer of
    // for the next one, once this connection has prepared it (the first time, it goes alone and is
    // prepared): each would be a round trip of its own, with the event loop's wait for its answer.
    const holdable = config === BEGIN || (this.#inTransaction && carriedInTransactions.has(config));
    if (holdable && name !== undefined && this.#prepared(name)) {
      let wire: unknown[];
      try {
        wire = toWire(values);
      } catch (error) {
        return Promise.reject(error);
      }
      this.#held.push({ name, values: wire });
      this.#inTransaction = true;
      return Promise.resolve(heldAnswer(config));
    }
    const carried = this.#held;
    this.#held = [];
    if (config === COMMIT || config === ROLLBACK) this.#inTransaction = false;
    // A rollback undoes what the held writes would have done, so they need not go; with the `begin`
    // still held, nothing of the transaction reached PostgreSQL, and there is nothing to roll back.
    if (config === ROLLBACK && carried.length > 0 && carried[0]!.name === this.#nameOf(BEGIN)) {
      return Promise.resolve(heldAnswer(config));
    }
    if (config === ROLLBACK || carried.length === 0) {
      if (name === undefined) return this.#began(config, super.query(config, values));
      return this.#began(config, this.#named(super.query({ name, text: config, values }), generation));
    }
    const answer = new Promise((resolve, reject) => {
      const query = new CarryingQuery({ name, text: config, values }, carried, (error, result) =>
        error ? reject(error) : resolve(result),
      );
      super.query(query);
    });
    return this.#named(answer, generation);
  }

  /** The name a registered statement is prepared under on this connection now. */
  #nameOf(text: string): string | undefined {
    const registered = namedInTransactions.get(text);
    const generation = this.#generation;
    return registered === undefined || generation === 0 ? registered : `${registered}_${generation}`;
  }

  /** Whether this connection has parsed the named statement (pg's own bookkeeping, not in its typings). */
  #prepared(name: string): boolean {
    const connection = this.connection as unknown as { parsedStatements: Record<string, string> };
    return connection.parsedStatements[name] !== undefined;
  }

  /** A `begin` sent alone opens the transaction once it is answered. */
  #began(text: string, answer: Promise<unknown>): Promise<unknown> {
    if (text !== BEGIN) return answer;
    return answer.then((result) => {
      this.#inTransaction = true;
      return result;
    });
  }

  /** A named statement's answer; its stale plan makes the connection prepare everything again. */
  #named(answer: Promise<unknown>, generation: number): Promise<unknown> {
    return answer.catch((error: unknown) => {
      if (isStalePlan(error) && this.#generation === generation) this.#generation += 1;
      throw error;
    });
  }
}

/** Whether executeReadOnly runs off the main thread (a SQLite file with reader threads). */
export function readsOffMainThread(db: Db): boolean {
  return sqliteReaders.has(db);
}

/** For the few statements written differently per database (bulk updates, LIKE without lower()). */
export function isSqlite(db: Db): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** Resolves when the database answers a trivial query; used by /health. */
  ping(): Promise<void>;
  destroy(): Promise<void>;
  /** Connection counts for the metrics. */
  poolStats(): { total: number; idle: number; waiting: number };
}

// COUNT(*) and BIGINT come back from pg as strings; every count we keep fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * readers: read-only worker threads for executeReadOnly's scans (default: one per spare core, at
   * most 2; 0 for none); lookups get one more of their own. Each starts on its lane's first read.
   */
  | { kind: 'sqlite'; filename: string; readers?: number };

export function databaseOptionsFrom(config: { databaseUrl?: string; dataDir: string }): DatabaseOptions {
  if (config.databaseUrl) return { kind: 'postgres', url: config.databaseUrl };
  return { kind: 'sqlite', filename: path.join(config.dataDir, 'app.sqlite') };
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.kind === 'postgres') {
    const changes = new PostgresChanges(options.url);
    const poolConfig: pg.PoolConfig & { changes: PostgresChanges } = {
      connectionString: options.url,
      Client: NamingClient,
      // Handed to each NamingClient the pool makes (pg-pool gives a client its own options).
      changes,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    };
    const pool = new pg.Pool(poolConfig);
    // A client losing its connection (database restarted, network cut) must not crash the process:
    // idle clients report through the pool, checked-out ones through themselves. The query that was
    // running fails and the error envelope answers 503; the pool opens new connections when it can.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    postgresChanges.set(db, changes);
    postgresNamed.set(db, async (name, text, values, timestamps = 'date') => {
      const types = timestamps === 'text' ? postgresTextTimestamps : undefined;
      // A connection whose statement was planned before another instance's migration changed a
      // table it reads refuses it from then on ("cached plan must not change result type"): that
      // connection is closed and the statement runs again on another, which plans it afresh. At most
      // once per pooled connection, plus one.
      for (let attempt = 0; ; attempt += 1) {
        const client = await pool.connect();
        try {
          const { rows } = await client.query({ name, text, values: [...values], types });
          client.release();
          return rows;
        } catch (error) {
          const stale = isStalePlan(error);
          client.release(stale);
          if (!stale || attempt >= pool.options.max) throw error;
        }
      }
    });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      destroy: async () => {
        await changes.close();
        await db.destroy();
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }

  if (options.filename !== ':memory:') fs.mkdirSync(path.dirname(options.filename), { recursive: true });
  // The WAL is copied back from a thread of its own once there is something to copy (an in-memory
  // database has no WAL, and another connection could not open it).
  const checkpointer = options.filename === ':memory:' ? undefined : new SqliteCheckpointer(options.filename);
  const { raw, database, direct, writes, dataVersion } = openSqlite(options.filename, () =>
    checkpointer?.start(),
  );
  const db = new Kysely<Database>({
    dialect: new GroupCommitSqliteDialect({ database, inTransaction: () => raw.inTransaction }),
    plugins: [sqliteTypesPlugin],
  });
  sqliteDirect.set(db, direct);
  sqliteWrites.set(db, writes);
  sqliteDataVersion.set(db, dataVersion);
  // One reader per spare core (none for an in-memory database, which other connections cannot open).
  const readerCount =
    options.filename === ':memory:' ? 0 : (options.readers ?? Math.min(2, os.cpus().length - 1));
  const readers =
    readerCount > 0
      ? {
          // A scan's rows come as one JSON text (decision 0061); a TV lookup's row holds a stored JSON
          // answer, which that would escape and parse again: its lane sends rows (measured: no gain).
          scans: new SqliteReaders(options.filename, readerCount, true),
          lookups: new SqliteReaders(options.filename, 1),
        }
      : undefined;
  if (readers) sqliteReaders.set(db, readers);
  return {
    db,
    kind: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    destroy: async () => {
      await readers?.scans.close();
      await readers?.lookups.close();
      await checkpointer?.close();
      await db.destroy();
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
  };
}
