import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type SqliteDialectConfig,
  type SqliteDatabase,
} from 'kysely';

/**
 * Group commit for SQLite's one connection: the transactions that run in one turn of the event loop
 * share one SQLite transaction, each in a savepoint of its own, and one commit at the end of the
 * turn. No caller hears "committed" before that commit has run.
 *
 * Why: on SQLite a commit was half of an activation's statements' time (decision 0020: about 290 µs
 * of 535, with twenty 8 KB pages written to the WAL, most of them the same hot pages: the reseller's
 * balance, the ledger's, the outbox's and the audit log's last pages). Under load the requests of a
 * turn each paid for it; now they pay once together (decision 0042).
 *
 * The rules, each for a reason:
 * - A transaction is a savepoint of the turn's transaction. Its rollback (an error, a refusal) rolls
 *   back its own writes only; its commit releases the savepoint and then waits for the turn's commit.
 * - The turn's commit runs from setImmediate, when the connection is free: every transaction that
 *   began in the turn's I/O callbacks is in it. A transaction still running then (one that waits on
 *   something outside the database) keeps the others waiting until it ends, as its holding of the
 *   one connection already kept every other statement waiting.
 * - A statement outside any transaction that runs while the turn's transaction is open runs inside
 *   it and answers only after its commit: it may have read the others' writes, which do not exist
 *   until then. So does a transaction rolled back in the turn (a refusal may rest on those writes).
 * - If the commit fails, or SQLite ends the transaction itself (it rolls back the whole transaction
 *   on some errors: a full disk, an I/O error), every transaction of the turn fails with that error:
 *   none of them answers success for writes that did not last.
 */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #config: GroupCommitConfig;

  constructor(config: GroupCommitConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new GroupCommitDriver(this.#config);
  }
}

export interface GroupCommitConfig extends SqliteDialectConfig {
  database: SqliteDatabase;
  /** Whether SQLite has a transaction open on the connection (better-sqlite3's `inTransaction`). */
  inTransaction: () => boolean;
}

/**
 * Every transaction's savepoint has the same name: they run one after another, so each releases or
 * rolls back the one it opened. A name per transaction made three new SQL texts each, which filled
 * the connection's statement cache (500, emptied when full) and re-prepared every hot statement
 * after it, and left a native statement behind for the garbage collector each time.
 */
const MEMBER_SAVEPOINT = 'turn_member';

/** Captured at load: a test's fake timers must not hold back the commits of real transactions. */
const nextTurn = globalThis.setImmediate;

/** The SQLite transaction that one turn's transactions share. */
class Turn {
  readonly committed: Promise<void>;
  settle!: (error?: unknown) => void;
  constructor() {
    this.committed = new Promise<void>((resolve, reject) => {
      this.settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    // Nobody may be waiting (every transaction of the turn rolled back); the failure is theirs to hear.
    this.committed.catch(() => {});
  }
}

/** What the turn's transactions learn when SQLite rolled it back itself, before its commit. */
function endedBySqlite(): Error {
  return new Error('SQLite ended the transaction before its commit');
}

/** One acquisition of the connection: a transaction, or statements outside any. */
class Lease implements DatabaseConnection {
  /** Whether this lease's transaction is running (in its savepoint). */
  inTransaction = false;
  /** The turn whose commit this lease answers after: its transaction's, or its statements' turn. */
  turn: Turn | null = null;
  /** Given back early: a committed transaction frees the connection before the turn's commit. */
  returned = false;

  constructor(
    private readonly driver: GroupCommitDriver,
    private readonly database: SqliteDatabase,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.inTransaction) this.turn ??= this.driver.openTurn;
    const { sql, parameters } = compiledQuery;
    const statement = this.database.prepare(sql);
    if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
    const { changes, lastInsertRowid } = statement.run(parameters);
    return Promise.resolve({
      numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
      insertId:
        lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
      rows: [],
    });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!this.inTransaction) this.turn ??= this.driver.openTurn;
    const statement = this.database.prepare(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters)) yield { rows: [row as R] };
  }
}

/** First come, first served: the turn's commit queues behind the transactions that asked before it. */
class Queue {
  #busy = false;
  readonly #waiting: Array<() => void> = [];

  async take(): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }
}

export class GroupCommitDriver implements Driver {
  readonly #database: SqliteDatabase;
  readonly #inTransaction: () => boolean;
  readonly #queue = new Queue();
  #turn: Turn | null = null;

  constructor(config: GroupCommitConfig) {
    this.#database = config.database;
    this.#inTransaction = config.inTransaction;
  }

  /** The turn whose transaction is open now, if any (and still open in SQLite). */
  get openTurn(): Turn | null {
    return this.#turn && this.#inTransaction() ? this.#turn : null;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#queue.take();
    return new Lease(this, this.#database);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    let turn = this.#turn;
    if (turn && !this.#inTransaction()) {
      // SQLite rolled the turn's transaction back itself: its committed transactions are lost.
      this.#fail(turn, endedBySqlite());
      turn = null;
    }
    if (!turn) {
      this.#run('begin');
      turn = new Turn();
      this.#turn = turn;
      nextTurn(() => void this.#commit(turn as Turn));
    }
    lease.turn = turn;
    lease.inTransaction = true;
    this.#run(`savepoint ${MEMBER_SAVEPOINT}`);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    const turn = lease.turn as Turn;
    this.#run(`release savepoint ${MEMBER_SAVEPOINT}`);
    lease.inTransaction = false;
    // The connection is free for the turn's next transaction; this one's caller hears of the commit.
    lease.returned = true;
    this.#queue.give();
    await turn.committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // After a failed turn's commit (the connection was given back already) there is nothing to undo.
    if (lease.returned || !lease.inTransaction) return;
    lease.inTransaction = false;
    if (this.#inTransaction()) {
      // Rolled back alone; it still answers after the turn's commit (releaseConnection): what made it
      // refuse may have been the turn's other writes.
      this.#run(`rollback to savepoint ${MEMBER_SAVEPOINT}`);
      this.#run(`release savepoint ${MEMBER_SAVEPOINT}`);
      return;
    }
    // The error that got us here made SQLite roll back the whole transaction: the turn's too. The
    // others hear that; this one keeps its own error, which caused it.
    const turn = lease.turn;
    lease.turn = null;
    if (turn && this.#turn === turn) this.#fail(turn, endedBySqlite());
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (lease.returned) return;
    lease.returned = true;
    this.#queue.give();
    // Statements outside a transaction that ran in the turn's transaction, and a transaction rolled
    // back in it, answer after its commit.
    if (lease.turn) await lease.turn.committed;
  }

  async destroy(): Promise<void> {
    await this.#queue.take();
    try {
      if (this.#turn) this.#commitNow(this.#turn);
    } finally {
      this.#database.close();
    }
  }

  async #commit(turn: Turn): Promise<void> {
    await this.#queue.take();
    try {
      if (this.#turn === turn) this.#commitNow(turn);
    } finally {
      this.#queue.give();
    }
  }

  #commitNow(turn: Turn): void {
    this.#turn = null;
    if (!this.#inTransaction()) {
      turn.settle(endedBySqlite());
      return;
    }
    try {
      this.#run('commit');
      turn.settle();
    } catch (error) {
      if (this.#inTransaction()) this.#run('rollback');
      turn.settle(error);
    }
  }

  #fail(turn: Turn, error: Error): void {
    if (this.#turn === turn) this.#turn = null;
    turn.settle(error);
  }

  #run(sql: string): void {
    this.#database.prepare(sql).run([]);
  }
}
