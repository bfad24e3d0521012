import pg from 'pg';

/** The channel migration 0025's triggers notify on, with the changed table's name as payload. */
export const CHANGES_CHANNEL = 'kept_reads_changed';

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1_000;

/**
 * What a PostgreSQL server process knows of the changes that could make an answer it keeps stale
 * (decision 0063): a count that moves when one of its own statements that may change a watched table
 * is sent and again when it is answered (mayChangeWatched), when a commit of another connection to a
 * watched table is notified, and when its listening connection is lost or made. An answer is only as
 * good as the count it was read at, and only while this process is listening: a notification sent
 * while it was not is lost, so `listening` is false from the moment the connection fails until it
 * listens again.
 */
export class PostgresChanges {
  #count = 0;
  #lastHeard: string | undefined;
  #listening = false;
  #closed = false;
  #client: pg.Client | undefined;
  #retry: NodeJS.Timeout | undefined;

  constructor(private readonly connectionString: string) {}

  /** The count; equal at two moments only if nothing this process could see changed in between. */
  count(): number {
    return this.#count;
  }

  /** Whether other connections' changes reach this process now (see the class's comment). */
  listening(): boolean {
    return this.#listening;
  }

  /**
   * The last notification's payload (a table's name). PostgreSQL delivers notifications in the order
   * of their commits, so one's arrival means every earlier commit's was heard (tests send a marker).
   */
  lastHeard(): string | undefined {
    return this.#lastHeard;
  }

  /** A statement of this process that may change a watched table: counted when sent and when answered. */
  moved(): void {
    this.#count += 1;
  }

  /** Connects the listening connection; idempotent. Resolves once it listens or has failed. */
  async start(): Promise<void> {
    if (this.#client || this.#closed) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    this.#client = client;
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = undefined;
      this.#listening = false;
      this.#count += 1;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (!this.#closed) {
        this.#retry = setTimeout(() => void this.start(), RECONNECT_MS);
        this.#retry.unref();
      }
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (notification) => {
      this.#count += 1;
      this.#lastHeard = notification.payload;
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (this.#client !== client) return;
      // Anything read before now may have missed a notification: the count moves as it starts.
      this.#count += 1;
      this.#listening = true;
    } catch {
      lost();
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = false;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }
}

/** The tables migration 0025's triggers watch: the panel session's lookup reads them (decision 0063). */
export const WATCHED_TABLES = ['users', 'sessions'] as const;

const NAMES_A_WATCHED_TABLE = new RegExp(`\\b(?:${WATCHED_TABLES.join('|')})\\b`, 'i');

/**
 * Whether a statement of this process may change what a watched table holds, from its text:
 * - a plain SELECT does not (a SELECT … FOR UPDATE locks and writes nothing);
 * - nor does an INSERT, UPDATE, DELETE or WITH … (a CTE) whose text names neither table: only a
 *   trigger, a rule, a function or a foreign key's action could carry its change into one, and the
 *   schema has none that does (postgres-changes.test.ts reads the catalog to hold it so);
 * - anything else may: a COMMIT (what the transaction wrote becomes visible), TRUNCATE … CASCADE,
 *   SET, DDL.
 * A TV poll's guessing limits (attempt_counters, without Redis) so leave the kept sessions alone,
 * where every statement that was not a plain SELECT used to forget them all.
 */
export function mayChangeWatched(text: string): boolean {
  if (/^\s*select\b/i.test(text)) return false;
  return NAMES_A_WATCHED_TABLE.test(text) || !/^\s*(?:insert|update|delete|with)\b/i.test(text);
}
