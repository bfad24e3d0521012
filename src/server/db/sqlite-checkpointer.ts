import { Worker } from 'node:worker_threads';
import { sqliteDriverPath } from './sqlite-driver';

/** How often the checkpointer copies the WAL's new pages back into the database file. */
export const CHECKPOINT_EVERY_MS = 100;

/**
 * The worker's code, run from a string so that bundling needs no second entry point (as the readers').
 * A PASSIVE checkpoint never waits and never makes anyone wait: it copies the pages no reader still
 * needs from the WAL, then syncs the file, beside the writer, whose commits keep appending.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or gone for a moment: the next tick tries again, and the writer's own checkpoint remains.
  }
}, workerData.everyMs);
`;

/**
 * Copies SQLite's WAL back into the database file from a thread of its own (decision 0051).
 *
 * Left to the writer, the copy runs inside the commit that finds the WAL over `wal_autocheckpoint`
 * pages, on the main thread: every request waits for it (up to about 130 ms for 10,000 pages,
 * decision 0029). Here a worker copies the new pages every CHECKPOINT_EVERY_MS, so when the writer's
 * checkpoint comes due, little or nothing is left for it to copy; and a WAL copied to its end is
 * written again from its start by the next commit, without any checkpoint on the main thread. The
 * writer's `wal_autocheckpoint` stays as it was, the bound if this thread falls behind or dies.
 */
export class SqliteCheckpointer {
  private worker: Worker | undefined;
  private closed = false;

  constructor(private readonly filename: string) {}

  /** Starts the thread, once: the database is written to, so there will be something to copy. */
  start(): void {
    if (this.worker || this.closed) return;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: sqliteDriverPath, filename: this.filename, everyMs: CHECKPOINT_EVERY_MS },
    });
    // A checkpointer that fails leaves the checkpoints to the writer, as before it existed.
    worker.on('error', () => {});
    worker.unref();
    this.worker = worker;
  }

  get running(): boolean {
    return this.worker !== undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.worker?.terminate();
  }
}
