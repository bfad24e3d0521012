import { type Db, directRunnerOf, writesCounterOf } from '../../db';
import { atTurnEnd } from '../../db/batch-per-turn';
import type { DeviceDocumentLookup } from './device-document-repository';

type Lookup = (mac: string) => Promise<DeviceDocumentLookup | undefined>;

/**
 * The most answer text kept, in characters of JSON (about 70,000 answers of 700 bytes): half in those
 * kept or read since the last turnover, half in those of the turnover before, dropped at the next.
 */
export const REMEMBERED_CHARACTERS = 64 * 1024 * 1024;
/** What a kept answer costs beside its text (its MAC, its object, the map's slot), roughly. */
const ENTRY_CHARACTERS = 200;
/** More new log entries than this at once (a bulk import) are not read: everything kept is forgotten. */
const READ_AT_MOST = 10_000;

const NEW_CHANGES = `SELECT seq, mac FROM device_document_changes WHERE seq > ? ORDER BY seq LIMIT ${READ_AT_MOST + 1}`;
/** The last number AUTOINCREMENT gave, whether or not its entry is still there. */
const LAST_CHANGE = "SELECT seq FROM sqlite_sequence WHERE name = 'device_document_changes'";

/**
 * The TV app's sign-in lookups on SQLite, answered from memory while the device's answer has not
 * changed (docs/decisions/0045). SQLite has one writing process, this one (the guessing limits rely on
 * it too), so it can know of every change: triggers log the MAC of every answer that went stale or
 * changed its sign-in columns (migration 0022), and before answering from memory the log's new entries
 * are applied. The log is read only when a statement that may write has run on the connection since
 * the last reading, so a poll while nothing is written costs no statement at all.
 *
 * Rules that keep a kept answer from hiding a change:
 * - the log cannot be read while a transaction is open (its rows may not commit): the lookup then
 *   goes to the database, and nothing it reads is kept;
 * - an answer is kept only if the log shows no change at all between before its read and after it, so
 *   a change committed while it was read is never covered by an older answer;
 * - answers not yet rebuilt (no body) are not kept: storing the rebuilt body logs nothing;
 * - entries missing before the first new one (the log keeps its last 100,000 entries: migration
 *   0022), or more than READ_AT_MOST new ones, mean changes not known: everything kept is forgotten.
 *
 * Only TVs polling again ask here (a poll with If-None-Match: see tvAnswerJson), so a first poll, or
 * a scan of many MACs, neither pays for memory nor takes room in it. What is kept lives in two
 * generations: a read finds the current one or the previous one (and moves the answer to the
 * current); once the current one holds half the room, it becomes the previous and the previous is
 * dropped. So the answers polled again stay, and a lookup costs a map read or two whatever the churn.
 * An answer from memory is given at the end of the turn (atTurnEnd).
 *
 * Other databases (PostgreSQL: several instances; each poll waits for its guessing limits there
 * anyway) get `lookup` back unchanged.
 */
export function rememberedLookup(
  db: Db,
  lookup: Lookup,
  { limit = REMEMBERED_CHARACTERS }: { limit?: number } = {},
): Lookup {
  const direct = directRunnerOf(db);
  const writes = writesCounterOf(db);
  if (!direct || !writes) return lookup;
  /** Answers kept or read since the last turnover, and the characters they hold. */
  let current = new Map<string, DeviceDocumentLookup>();
  let currentSize = 0;
  /** The answers of the turnover before, dropped at the next. */
  let previous = new Map<string, DeviceDocumentLookup>();
  /** The last log entry applied; null until the log was first read. */
  let applied: number | null = null;
  /** The connection's write count when the log was last read. */
  let writesSeen = -1;

  const cost = (answer: DeviceDocumentLookup) => (answer.body?.length ?? 0) + ENTRY_CHARACTERS;

  function forget(mac: string): void {
    const answer = current.get(mac);
    if (answer) {
      current.delete(mac);
      currentSize -= cost(answer);
    }
    previous.delete(mac);
  }

  function forgetAll(): void {
    current = new Map();
    currentSize = 0;
    previous = new Map();
  }

  function keep(mac: string, answer: DeviceDocumentLookup): void {
    forget(mac);
    current.set(mac, answer);
    currentSize += cost(answer);
    if (currentSize > limit / 2) {
      previous = current;
      current = new Map();
      currentSize = 0;
    }
  }

  function kept(mac: string): DeviceDocumentLookup | undefined {
    const answer = current.get(mac);
    if (answer) return answer;
    const older = previous.get(mac);
    if (older) keep(mac, older);
    return older;
  }

  /** Applies the log's new entries; false when it cannot be read now (a transaction is open). */
  function catchUp(): boolean {
    const count = writes!();
    if (count === writesSeen && applied !== null) return true;
    if (applied === null) return startFromLast(count);
    const rows = direct!(NEW_CHANGES, [applied]);
    if (rows === null) return false;
    writesSeen = count;
    if (rows.length === 0) return true;
    // Entries missing before the first new one were deleted unread (the log keeps its last 100,000),
    // and too many new ones are not worth reading: either way, what changed is not known.
    if (rows.length > READ_AT_MOST) return startFromLast(count);
    if (Number(rows[0]!.seq) !== applied + 1) forgetAll();
    for (const row of rows) forget(row.mac as string);
    applied = Number(rows[rows.length - 1]!.seq);
    return true;
  }

  /** Forgets everything kept and applies the log from its last entry on. */
  function startFromLast(count: number): boolean {
    const rows = direct!(LAST_CHANGE, []);
    if (rows === null) return false;
    forgetAll();
    applied = rows.length > 0 ? Number(rows[0]!.seq) : 0;
    writesSeen = count;
    return true;
  }

  return async (mac: string) => {
    if (!catchUp()) return lookup(mac);
    const known = kept(mac);
    if (known) return atTurnEnd(known);
    const before = applied;
    const found = await lookup(mac);
    if (found && found.body !== null && catchUp() && applied === before) keep(mac, found);
    return found;
  };
}
