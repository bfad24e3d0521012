import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * SQLite only: a log of the MACs whose TV answer changed, for the server's copy of those answers in
 * memory (device-document-memory.ts, docs/decisions/0045). Triggers on device_documents write it, so
 * every change that makes an answer stale (device_documents' own triggers, 0004 and 0017: the device,
 * its playlists, its messages), changes what its sign-in checks (MAC, key, ban) or deletes a device is
 * logged, whatever code path or tool made it; storing a rebuilt body logs nothing. AUTOINCREMENT, so a
 * number is never given twice even once the entries before it are deleted: the server reads the
 * entries after the last one it applied, and a first entry further on tells it that some it never
 * read were deleted. PostgreSQL's instances keep no copy (a poll's guessing limits
 * wait for the database there anyway), so it gets no log.
 */
/**
 * The log keeps the last this many entries: each new one deletes the one this far behind it, so it
 * stays small whether or not a server reads it (one whose TVs never poll again never does).
 */
const KEPT_CHANGES = 100_000;

export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  if (kind !== 'sqlite') return;
  const log = (row: string) =>
    `INSERT INTO device_document_changes (mac) VALUES (${row}.mac);
     DELETE FROM device_document_changes WHERE seq <= last_insert_rowid() - ${KEPT_CHANGES};`;
  const statements = [
    `CREATE TABLE device_document_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, mac TEXT NOT NULL)`,
    `CREATE TRIGGER device_document_changes_inserted AFTER INSERT ON device_documents
     BEGIN ${log('NEW')} END`,
    `CREATE TRIGGER device_document_changes_updated
     AFTER UPDATE OF mac, device_key, is_banned, version ON device_documents
     BEGIN ${log('OLD')} END`,
    `CREATE TRIGGER device_document_changes_moved AFTER UPDATE OF mac ON device_documents
     WHEN NEW.mac IS NOT OLD.mac BEGIN ${log('NEW')} END`,
    `CREATE TRIGGER device_document_changes_deleted AFTER DELETE ON device_documents
     BEGIN ${log('OLD')} END`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
