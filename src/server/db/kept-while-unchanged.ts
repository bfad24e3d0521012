import { type Db, dataVersionOf, postgresChangesOf, writesCounterOf } from './index';

/** The most answers kept; past it, all are forgotten (a cheap bound: they are read again). */
const KEPT_AT_MOST = 10_000;

/**
 * A stamp of what the process can see of the database's changes: equal at two moments only if
 * nothing that could change a kept answer happened in between; undefined while a change could go
 * unseen (nothing is kept then).
 */
type ChangeStamp = () => number | undefined;

/**
 * On SQLite (decision 0058): no statement that may write has run on this process's connection
 * (`writesCounterOf`: counted before it runs, whether it commits or not) and no other connection has
 * committed (`data_version`, looked at once a turn: the admin CLI runs beside the server, see
 * lockDataDir).
 */
function sqliteStamp(writes: () => number, dataVersion: () => number): ChangeStamp {
  // data_version is a statement of its own, which cost as much as half the session's lookup when read
  // on every call: it is read once a turn of the event loop, so another process's commit is seen
  // from the next turn (as if that turn's requests had all come just before it).
  let versionThisTurn: number | null = null;
  const forgetVersion = () => {
    versionThisTurn = null;
  };
  let writesSeen = -1;
  let versionSeen = -1;
  let stamp = 0;
  return () => {
    if (versionThisTurn === null) {
      versionThisTurn = dataVersion();
      setImmediate(forgetVersion);
    }
    const count = writes();
    if (count !== writesSeen || versionThisTurn !== versionSeen) {
      stamp += 1;
      writesSeen = count;
      versionSeen = versionThisTurn;
    }
    return stamp;
  };
}

/**
 * A read answered from memory while the database has not changed since it was read (decisions 0058
 * and 0063): the answer of `read(key)` is kept, and given again as long as the stamp is the one it was
 * read at. On SQLite, any write of this process or commit of another; on PostgreSQL, any statement of
 * this process that may change the tables migration 0025 watches (`users`, `sessions`; see
 * mayChangeWatched), and any commit of another connection to them, heard by a listening connection: `read` may only read those tables
 * there, and nothing is kept while that connection is not listening. Any change forgets everything
 * kept: this is for reads repeated while nothing is written (a panel's requests authenticating the
 * same session while the reseller browses), not for a cache that survives writes.
 *
 * An answer read while a change was made (a transaction of the turn, decision 0042, or another
 * process) is not kept. Answers are shared by every caller: they must not be changed (they are
 * frozen).
 */
export function keptWhileUnchanged<Value extends object>(
  db: Db,
  read: (key: string) => Promise<Value | undefined>,
  {
    keptAtMost = KEPT_AT_MOST,
    postgres = false,
  }: {
    keptAtMost?: number;
    /** Whether `read` reads only the tables PostgreSQL's changes are heard for (`users`, `sessions`). */
    postgres?: boolean;
  } = {},
): (key: string) => Promise<Value | undefined> {
  const stampOf = changeStampOf(db, postgres);
  if (!stampOf) return read;
  let kept = new Map<string, Value>();
  let stampSeen: number | undefined;

  return async (key) => {
    const stamp = stampOf();
    if (stamp === undefined || stamp !== stampSeen) {
      // Something changed (or could have unseen): everything kept is forgotten.
      if (kept.size > 0) kept = new Map();
      stampSeen = stamp;
    } else {
      const known = kept.get(key);
      if (known) return known;
    }
    const value = await read(key);
    // Kept only if no change came while it was read: then it is what a read now would answer. A key
    // that found nothing is not kept: made-up keys (a guessed cookie) must not crowd out real ones.
    if (value !== undefined && stamp !== undefined && stampOf() === stamp) {
      if (kept.size >= keptAtMost) kept = new Map();
      kept.set(key, Object.freeze(value));
    }
    return value;
  };
}

function changeStampOf(db: Db, postgres: boolean): ChangeStamp | undefined {
  const writes = writesCounterOf(db);
  const dataVersion = dataVersionOf(db);
  if (writes && dataVersion) return sqliteStamp(writes, dataVersion);
  const changes = postgres ? postgresChangesOf(db) : undefined;
  if (!changes) return undefined;
  return () => (changes.listening() ? changes.count() : undefined);
}
