import { type Db, dataVersionOf, writesCounterOf } from './index';

/** The most answers kept; past it, all are forgotten (a cheap bound: they are read again). */
const KEPT_AT_MOST = 10_000;

/**
 * A read answered from memory on SQLite while the database has not changed since it was read
 * (decision 0058): the answer of `read(key)` is kept, and given again as long as no statement that may
 * write has run on this process's connection (`writesCounterOf`: counted before it runs, whether it
 * commits or not) and no other connection has committed (`data_version`, looked at once a turn: the
 * admin CLI runs beside the server, see lockDataDir). Any change forgets everything kept: this is for
 * reads repeated while nothing is written (a panel's requests authenticating the same session while
 * the reseller browses), not for a cache that survives writes.
 *
 * An answer read while a change was made (a transaction of the turn, decision 0042, or another
 * process) is not kept. Answers are shared by every caller: they must not be changed (they are
 * frozen). Other databases (PostgreSQL: several instances, no such counter) get `read` back unchanged.
 */
export function keptWhileUnchanged<Value extends object>(
  db: Db,
  read: (key: string) => Promise<Value | undefined>,
  keptAtMost = KEPT_AT_MOST,
): (key: string) => Promise<Value | undefined> {
  const writes = writesCounterOf(db);
  const dataVersion = dataVersionOf(db);
  if (!writes || !dataVersion) return read;
  // data_version is a statement of its own, which cost as much as half the session's lookup when read
  // on every call: it is read once a turn of the event loop, so another process's commit is seen
  // from the next turn (as if that turn's requests had all come just before it).
  let versionThisTurn: number | null = null;
  const forgetVersion = () => {
    versionThisTurn = null;
  };
  const currentVersion = (): number => {
    if (versionThisTurn === null) {
      versionThisTurn = dataVersion();
      setImmediate(forgetVersion);
    }
    return versionThisTurn;
  };
  let kept = new Map<string, Value>();
  let writesSeen = -1;
  let versionSeen = -1;

  /** Whether nothing changed since the last look; forgets everything kept if something did. */
  const unchanged = (): boolean => {
    const count = writes();
    const version = currentVersion();
    if (count === writesSeen && version === versionSeen) return true;
    if (kept.size > 0) kept = new Map();
    writesSeen = count;
    versionSeen = version;
    return false;
  };

  return async (key) => {
    if (unchanged()) {
      const known = kept.get(key);
      if (known) return known;
    }
    const count = writesSeen;
    const version = versionSeen;
    const value = await read(key);
    // Kept only if no change came while it was read: then it is what a read now would answer. A key
    // that found nothing is not kept: made-up keys (a guessed cookie) must not crowd out real ones.
    if (value !== undefined && writes() === count && currentVersion() === version) {
      if (kept.size >= keptAtMost) kept = new Map();
      kept.set(key, Object.freeze(value));
    }
    return value;
  };
}
