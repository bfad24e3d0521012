import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * SQLite only: a device's update writes its MAC into device_documents only when the MAC changed
 * (docs/decisions/0053). 0004's trigger set `mac = NEW.mac` on every update of a device, and on SQLite
 * mac is the primary key of a WITHOUT ROWID table: assigning it, even to the same value, deletes and
 * re-inserts the row and rewrites its device_id index entry, so every activation wrote one to three
 * pages more to the WAL and spent 10-28 µs more in its update (bench/activation-update.ts). The copy and the stale answer are as before;
 * 0022's change log still hears the MAC's change (its triggers watch `UPDATE OF mac` on
 * device_documents, which only the second trigger makes). PostgreSQL compares the values before
 * touching an index, so its trigger function stays as it is.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  if (kind !== 'sqlite') return;
  const statements = [
    `DROP TRIGGER device_documents_device_changed`,
    `CREATE TRIGGER device_documents_device_changed AFTER UPDATE ON devices BEGIN
       UPDATE device_documents
       SET device_key = NEW.device_key, is_banned = NEW.is_banned, body = NULL, version = version + 1
       WHERE device_id = NEW.id;
     END`,
    `CREATE TRIGGER device_documents_device_moved AFTER UPDATE OF mac ON devices
     WHEN NEW.mac IS NOT OLD.mac BEGIN
       UPDATE device_documents SET mac = NEW.mac WHERE device_id = NEW.id;
     END`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
