import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * The TV app's answer for each device (GET /device: the device and its playlists as JSON), kept ready
 * so the hot path is one indexed read. Triggers make it stale (body NULL, version + 1) whenever the
 * device or one of its playlists changes, whatever code path or tool changed it; the server rebuilds
 * a stale body on the next read and stores it only if the version is still the one it read, so a
 * change made meanwhile is never hidden behind an older answer (see device-document-repository.ts).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await db.schema
    .createTable('device_documents')
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('body', 'text')
    .execute();
  await sql`INSERT INTO device_documents (device_id) SELECT id FROM devices`.execute(db);

  const stale = (deviceId: string) =>
    `UPDATE device_documents SET body = NULL, version = version + 1 WHERE device_id = ${deviceId};`;
  if (kind === 'sqlite') {
    const statements = [
      `CREATE TRIGGER device_documents_create AFTER INSERT ON devices
       BEGIN INSERT INTO device_documents (device_id) VALUES (NEW.id); END`,
      `CREATE TRIGGER device_documents_device_changed AFTER UPDATE ON devices
       BEGIN ${stale('NEW.id')} END`,
      `CREATE TRIGGER device_documents_playlist_added AFTER INSERT ON playlists
       BEGIN ${stale('NEW.device_id')} END`,
      `CREATE TRIGGER device_documents_playlist_changed AFTER UPDATE ON playlists
       BEGIN ${stale('OLD.device_id')} ${stale('NEW.device_id')} END`,
      `CREATE TRIGGER device_documents_playlist_removed AFTER DELETE ON playlists
       BEGIN ${stale('OLD.device_id')} END`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
    return;
  }

  await sql`
    CREATE FUNCTION device_documents_create() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO device_documents (device_id) VALUES (NEW.id);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION device_documents_stale() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'devices' THEN
        ${sql.raw(stale('NEW.id'))}
      ELSE
        IF TG_OP <> 'INSERT' THEN ${sql.raw(stale('OLD.device_id'))} END IF;
        IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.device_id <> OLD.device_id) THEN
          ${sql.raw(stale('NEW.device_id'))}
        END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER device_documents_create AFTER INSERT ON devices
    FOR EACH ROW EXECUTE FUNCTION device_documents_create()`.execute(db);
  await sql`CREATE TRIGGER device_documents_device_changed AFTER UPDATE ON devices
    FOR EACH ROW EXECUTE FUNCTION device_documents_stale()`.execute(db);
  await sql`CREATE TRIGGER device_documents_playlist_changed AFTER INSERT OR UPDATE OR DELETE ON playlists
    FOR EACH ROW EXECUTE FUNCTION device_documents_stale()`.execute(db);
}
