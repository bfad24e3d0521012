import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import type { UnknownRow } from 'kysely';
import { containsFolded } from './sqlite';
import { sqliteDriverPath } from './sqlite-driver';

/**
 * The worker's code, run from a string so that bundling needs no second entry point. It opens the
 * file read-only, with the functions the main connection registers (openSqlite), and answers
 * { id, sql, params } with { id, rows }, { id, columns, json } (see SqliteReaders' `rowsAsJson`) or
 * { id, error }.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.function('contains_folded', { deterministic: true }, ${containsFolded.toString()});
const prepareRead = (${prepareRead.toString()});
const statements = new Map();
parentPort.on('message', ({ id, sql, params }) => {
  try {
    let read = statements.get(sql);
    if (!read) {
      if (statements.size >= 200) statements.clear();
      read = prepareRead(db, sql, workerData.rowsAsJson);
      statements.set(sql, read);
    }
    if (read.columns) parentPort.postMessage({ id, columns: read.columns, json: read.statement.get(params) });
    else parentPort.postMessage({ id, rows: read.statement.all(params) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

/** A statement as the worker runs it: its rows as objects, or as one JSON text of the `columns`' values. */
type PreparedRead = { statement: BetterSqlite3.Statement; columns: string[] | null };

/**
 * Prepares `sql` in the worker (its source is inlined there: no imports, no closures). As JSON, the
 * statement is wrapped so that SQLite itself writes every row's values into one text,
 * `[[v1, v2, ...], ...]`: better-sqlite3 builds a JavaScript object per row, property by property (a
 * name looked up and a map transition for every value), which cost twice what SQLite spent finding a
 * device list's 25 rows, and the message then copied every object again to the main thread, which
 * rebuilt them. The rows keep their order (SQLite keeps a subquery's ORDER BY under an aggregate
 * other than count, min and max) and their values: numbers as numbers (reals with 17 digits, so
 * exact), text as text (a JSON subtype does not pass out of a subquery). A result JSON cannot carry
 * (a BLOB column) or tell apart (a column name twice), and anything the wrapper cannot prepare, runs
 * as rows.
 */
export function prepareRead(db: BetterSqlite3.Database, sql: string, asJson: boolean): PreparedRead {
  const statement = db.prepare(sql);
  if (!asJson || !statement.reader) return { statement, columns: null };
  const described = statement.columns();
  const columns = described.map((column) => column.name);
  const blob = described.some((column) => /BLOB/i.test(column.type ?? ''));
  if (blob || new Set(columns).size !== columns.length) return { statement, columns: null };
  const values = columns.map((name) => `"${name.replace(/"/g, '""')}"`).join(', ');
  try {
    const wrapped = db.prepare(`SELECT json_group_array(json_array(${values})) FROM (${sql})`);
    return { statement: wrapped.pluck(), columns };
  } catch {
    return { statement, columns: null };
  }
}

/** A JSON reader's answer as the rows better-sqlite3 would have built (see prepareRead). */
export function rowsOf(columns: readonly string[], json: string): UnknownRow[] {
  const values = JSON.parse(json) as unknown[][];
  return values.map((value) => {
    const row: UnknownRow = {};
    for (let index = 0; index < columns.length; index += 1) row[columns[index]!] = value[index];
    return row;
  });
}

type ReaderAnswer = { id: number; rows?: UnknownRow[]; columns?: string[]; json?: string; error?: string };
type Pending = { worker: Worker; resolve: (rows: UnknownRow[]) => void; reject: (error: Error) => void };

/**
 * Read-only connections to the SQLite file in worker threads, for the panel's heavy reads (a device
 * list's page and count scan a reseller's index entries), so they run on another core while the main
 * thread serves everything else: with one thread, 50 panel users queue behind each other's scans. WAL
 * lets readers run beside the writer, and each read sees the last committed state, as the main
 * connection does outside a transaction.
 */
export class SqliteReaders {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private started = false;

  /** Nothing starts until the first read: the CLI, migrations and backups never need a reader. */
  constructor(
    private readonly filename: string,
    private readonly size: number,
    /** Rows sent as one JSON text (prepareRead, decision 0061), not as objects. */
    private readonly rowsAsJson = false,
  ) {}

  private start(): void {
    this.started = true;
    for (let index = 0; index < this.size; index += 1) {
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { driver: sqliteDriverPath, filename: this.filename, rowsAsJson: this.rowsAsJson },
      });
      worker.on('message', (message: ReaderAnswer) => {
        const pending = this.pending.get(message.id);
        if (!pending) return;
        this.pending.delete(message.id);
        if (message.error !== undefined) pending.reject(new Error(message.error));
        else if (message.columns) pending.resolve(rowsOf(message.columns, message.json ?? '[]'));
        else pending.resolve(message.rows ?? []);
      });
      // A worker that dies fails what it had, and is not used again (reads fall back to the main thread).
      worker.on('error', (error) => this.retire(worker, error));
      worker.on('exit', () => this.retire(worker, new Error('SQLite reader stopped')));
      worker.unref();
      this.workers.push(worker);
    }
  }

  get available(): boolean {
    return this.started ? this.workers.length > 0 : this.size > 0;
  }

  /** Runs a read-only statement on the next reader (round robin); params already in SQLite's types. */
  all(sql: string, params: readonly unknown[]): Promise<UnknownRow[]> {
    if (!this.started) this.start();
    const worker = this.workers[this.nextId % this.workers.length]!;
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { worker, resolve, reject });
      worker.postMessage({ id, sql, params });
    });
  }

  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private retire(worker: Worker, error: Error): void {
    const index = this.workers.indexOf(worker);
    if (index >= 0) this.workers.splice(index, 1);
    for (const [id, pending] of this.pending) {
      if (pending.worker !== worker) continue;
      this.pending.delete(id);
      pending.reject(error);
    }
  }
}
