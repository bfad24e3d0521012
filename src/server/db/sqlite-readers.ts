import { Worker } from 'node:worker_threads';
import type { UnknownRow } from 'kysely';
import { containsFolded } from './sqlite';
import { sqliteDriverPath } from './sqlite-driver';

/**
 * The worker's code, run from a string so that bundling needs no second entry point. It opens the
 * file read-only, with the functions the main connection registers (openSqlite), and answers
 * { id, sql, params } with { id, rows } or { id, error }.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.function('contains_folded', { deterministic: true }, ${containsFolded.toString()});
const statements = new Map();
parentPort.on('message', ({ id, sql, params }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= 200) statements.clear();
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    parentPort.postMessage({ id, rows: statement.all(params) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

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
  ) {}

  private start(): void {
    this.started = true;
    for (let index = 0; index < this.size; index += 1) {
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { driver: sqliteDriverPath, filename: this.filename },
      });
      worker.on('message', (message: { id: number; rows?: UnknownRow[]; error?: string }) => {
        const pending = this.pending.get(message.id);
        if (!pending) return;
        this.pending.delete(message.id);
        if (message.error !== undefined) pending.reject(new Error(message.error));
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
