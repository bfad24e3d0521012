import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * SQLite: a log of the TV answers that changed, for the answers kept in memory (DeviceDocumentCache,
 * decision 0008). Every change to a device, its playlists or its messages already raises its
 * device_documents version (migrations 0004, 0017), in the same transaction, whoever wrote it; these
 * triggers note the MAC of each raised version or deleted document, so the server drops exactly those
 * answers from memory before it answers from there. AUTOINCREMENT: a number is never reused, even
 * after old rows are deleted, so "everything after n" stays right.
 * PostgreSQL keeps no such log: instances answer from the database (a later step could notify them).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  if (kind !== 'sqlite') return;
  await sql`CREATE TABLE device_document_changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    mac TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE TRIGGER device_document_changes_version AFTER UPDATE OF version ON device_documents
    BEGIN
      INSERT INTO device_document_changes (mac) VALUES (OLD.mac);
      INSERT INTO device_document_changes (mac) SELECT NEW.mac WHERE NEW.mac <> OLD.mac;
    END`.execute(db);
  await sql`CREATE TRIGGER device_document_changes_deleted AFTER DELETE ON device_documents
    BEGIN
      INSERT INTO device_document_changes (mac) VALUES (OLD.mac);
    END`.execute(db);
}
