import type BetterSqlite3 from 'better-sqlite3';
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SqliteDatabase,
  type SqliteStatement,
  type UnknownRow,
} from 'kysely';
import { SqliteDriver } from './sqlite-driver';
import { isoText, isoTextOfSqlite } from './timestamps';

/**
 * SQLite has no boolean or timestamp types. We store booleans as 0/1 and timestamps as ISO-8601 text
 * (which sorts and compares correctly as text), and convert at this boundary so that repositories see
 * the same JavaScript types as on PostgreSQL: boolean and Date.
 */
export function toSqliteParam(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** Runs one statement at once, or answers null when a transaction holds the connection. */
export type SqliteDirect = (sql: string, values: ReadonlyArray<unknown>) => UnknownRow[] | null;

/**
 * WAL pages written before the commit that reaches them copies them back into the database file
 * (SQLite's default is 1,000). A file opened by openDatabase has its WAL copied back by a thread of
 * its own (SqliteCheckpointer, decision 0051), so this copy, inside that commit on the main thread,
 * finds little left to copy; but it still ends with two fsyncs, 15-31 ms here, and under writes that
 * never pause it is the only thing that starts the WAL again from its beginning. Every request in
 * flight waits for it: with 50 activations in flight and about five WAL pages each, a share of
 * 50 * 5 / limit of them meets one. At 10,000 pages (decision 0029) that was 2.5% of activations,
 * which made their p99 (32-42 ms against a p95 of 18-25); at 50,000 it is 0.5% (p99 24-40 ms,
 * median 29, decision 0064). The cost is disk: a WAL of up to 410 MB under such writes, kept
 * (WAL_KEPT_BYTES). Whenever writes pause for one of the thread's passes, the WAL is copied to its
 * end and the next commit writes it from its start, far below the limit.
 */
export const WAL_CHECKPOINT_PAGES = 50_000;

/** SQLite's page size here (see openSqlite). */
const PAGE_BYTES = 8192;
/** A WAL frame: a page and its 24-byte header. */
const WAL_FRAME_BYTES = PAGE_BYTES + 24;
const MIB = 1024 * 1024;

/**
 * The most of its WAL file SQLite keeps once a checkpoint has emptied it; beyond this it is cut back.
 * A fifth above a full WAL of `pages`, so a WAL that reached its bound keeps its file and the next
 * commits write over it, where a file cut back grew again page by page: under sustained activations
 * that made a commit about a fifth dearer (decision 0055). Only a WAL that grew past its bound (a
 * checkpoint that could not finish while a read held old pages) is cut back.
 */
export function walKeptBytes(pages: number): number {
  return Math.ceil((pages * WAL_FRAME_BYTES * 1.2) / MIB) * MIB;
}

export const WAL_KEPT_BYTES = walKeptBytes(WAL_CHECKPOINT_PAGES);

/** Sets when SQLite's writer copies the WAL back, and how much of its file it keeps afterwards. */
export function limitWal(raw: BetterSqlite3.Database, pages: number): void {
  raw.pragma(`wal_autocheckpoint = ${pages}`);
  raw.pragma(`journal_size_limit = ${walKeptBytes(pages)}`);
}

/**
 * SQLite's `contains_folded(text, term)`: whether `text`, lower-cased by Unicode's rules, contains
 * `term` (already lower-cased). SQLite's LIKE and lower() fold only ASCII letters, so "Éric" searched
 * as "éric" or "ÉRIC" found nothing (see containsInsensitiveFor). Registered on every connection that
 * searches: the main one here and each reader thread (its source is sent to them as text, so it must
 * stay self-contained).
 */
export function containsFolded(text: unknown, term: string): number {
  return typeof text === 'string' && text.toLowerCase().includes(term) ? 1 : 0;
}

export function openSqlite(
  filename: string,
  /** Called once, before the connection's first statement that may write. */
  onFirstWrite?: () => void,
): {
  raw: BetterSqlite3.Database;
  database: SqliteDatabase;
  direct: SqliteDirect;
  /** How many statements that may write (not read-only) have run on this connection. */
  writes: () => number;
  /** SQLite's `data_version`: it moves when another connection (another process) commits a change. */
  dataVersion: () => number;
} {
  const raw = new SqliteDriver(filename);
  // Only takes effect on a new file. The TV app's answers (device_documents, WITHOUT ROWID) are
  // 0.5-1.2 KB; with 4 KB pages 40% of them spilled to an overflow page (SQLite keeps at most ~1 KB
  // of a row in an index-style page), which made the file 2.3 times larger and lookups 50% slower.
  raw.pragma(`page_size = ${PAGE_BYTES}`);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  limitWal(raw, WAL_CHECKPOINT_PAGES);
  raw.function('contains_folded', { deterministic: true }, containsFolded);
  // Kysely prepares every query it runs; the same few SQL texts repeat, so keep their statements.
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = raw.prepare(sql);
      if (statements.size >= 500) statements.clear();
      statements.set(sql, statement);
    }
    return statement;
  };
  const params = (values: ReadonlyArray<unknown>) => values.map(toSqliteParam);
  // Counted before they run, and whether they commit or not: a reader of `writes` only learns that it
  // must look again (see device-document-memory.ts). An INSERT … RETURNING is a reader that writes.
  let writes = 0;
  const countWrite = () => {
    if (writes === 0) onFirstWrite?.();
    writes += 1;
  };
  const database: SqliteDatabase = {
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      const statement = prepared(sql);
      const counted = !statement.readonly;
      return {
        reader: statement.reader,
        all: (values) => {
          if (counted) countWrite();
          return statement.all(params(values));
        },
        run: (values) => {
          if (counted) countWrite();
          return statement.run(params(values));
        },
        iterate: (values) => {
          if (counted) countWrite();
          return statement.iterate(params(values)) as IterableIterator<unknown>;
        },
      };
    },
  };
  /**
   * better-sqlite3 is synchronous, so outside a transaction a statement can run at once, without
   * Kysely's connection queue and its promises (a third of the TV app's lookup). Inside one, another
   * request's transaction owns the connection, or the turn's shared transaction waits for its commit
   * (see GroupCommitSqliteDialect): a statement run now would see uncommitted rows, so the caller goes
   * through Kysely, waits its turn and answers after that commit.
   */
  const direct: SqliteDirect = (sql, values) => {
    if (raw.inTransaction) return null;
    const statement = prepared(sql);
    if (!statement.readonly) countWrite();
    if (!statement.reader) {
      statement.run(params(values));
      return [];
    }
    return (statement.all(params(values)) as UnknownRow[]).map(convertRow);
  };
  const dataVersionStatement = raw.prepare('PRAGMA data_version').pluck();
  return {
    raw,
    database,
    direct,
    writes: () => writes,
    dataVersion: () => dataVersionStatement.get() as number,
  };
}

const TIMESTAMP_COLUMN = /_at$/;
const BOOLEAN_COLUMN = /^(is|has)_/;
type ColumnType = 'timestamp' | 'boolean' | 'other';
/** Column names are few and repeat on every row: classify each once, not per value. */
const columnTypes = new Map<string, ColumnType>();

function columnType(key: string): ColumnType {
  let type = columnTypes.get(key);
  if (type === undefined) {
    type = TIMESTAMP_COLUMN.test(key) ? 'timestamp' : BOOLEAN_COLUMN.test(key) ? 'boolean' : 'other';
    if (columnTypes.size < 10_000) columnTypes.set(key, type);
  }
  return type;
}

/** A row as SQLite returns it, converted in place: booleans from 0/1, timestamps by `timestamp`. */
function convertRowWith(timestamp: (stored: string) => unknown) {
  return (row: UnknownRow): UnknownRow => {
    for (const key in row) {
      const type = columnType(key);
      if (type === 'other') continue;
      const value = row[key];
      if (type === 'timestamp' && typeof value === 'string') row[key] = timestamp(value);
      else if (type === 'boolean' && typeof value === 'number') row[key] = value !== 0;
    }
    return row;
  };
}

export const convertRow = convertRowWith((stored) => new Date(stored));

/** convertRow with the timestamps as ISO text rather than Dates (executeReadOnly's `timestamps: 'text'`). */
export const convertRowWithTextTimestamps = convertRowWith(isoTextOfSqlite);

/**
 * A row's Dates as ISO text, in place, as WithTextTimestamps says: for the paths that read timestamps
 * as Dates (a SQLite file without reader threads, PostgreSQL's unnamed statements) when the caller
 * asked for text.
 */
export function timestampsToText(row: UnknownRow): UnknownRow {
  for (const key in row) {
    const value = row[key];
    if (value instanceof Date) row[key] = isoText(value);
  }
  return row;
}

export const sqliteTypesPlugin: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  },
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return { ...args.result, rows: args.result.rows.map(convertRow) };
  },
};
