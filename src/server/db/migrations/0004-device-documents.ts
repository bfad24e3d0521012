import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * The TV app's answer for each device (GET /device: the device and its playlists as JSON), kept ready
 * with what its sign-in checks (MAC, key, ban), so the hot path is a single lookup by MAC: one B-tree
 * on SQLite (WITHOUT ROWID), where reading devices then documents took three. Triggers keep the copied
 * columns equal to the device's in the same transaction, and make the answer stale (body NULL,
 * version + 1) whenever the device or one of its playlists changes, whatever code path or tool
 * changed it; the server rebuilds a stale body on the next read and stores it only if the version is
 * still the one it read, so a change made meanwhile is never hidden behind an older answer (see
 * device-document-repository.ts and docs/decisions/0008).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const bool = kind === 'postgres' ? 'boolean' : 'integer';
  await db.schema
    .createTable('device_documents')
    .addColumn('mac', 'text', (c) => c.primaryKey())
    .addColumn('device_id', 'integer', (c) =>
      c.notNull().unique().references('devices.id').onDelete('cascade'),
    )
    .addColumn('device_key', 'text', (c) => c.notNull())
    .addColumn('is_banned', bool, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('body', 'text')
    .$call((table) => (kind === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  await sql`
    INSERT INTO device_documents (mac, device_id, device_key, is_banned)
    SELECT mac, id, device_key, is_banned FROM devices
  `.execute(db);

  const copy = (row: string) =>
    `INSERT INTO device_documents (mac, device_id, device_key, is_banned)
     VALUES (${row}.mac, ${row}.id, ${row}.device_key, ${row}.is_banned);`;
  const deviceChanged = `UPDATE device_documents
     SET mac = NEW.mac, device_key = NEW.device_key, is_banned = NEW.is_banned, body = NULL, version = version + 1
     WHERE device_id = NEW.id;`;
  const stale = (deviceId: string) =>
    `UPDATE device_documents SET body = NULL, version = version + 1 WHERE device_id = ${deviceId};`;

  if (kind === 'sqlite') {
    const statements = [
      `CREATE TRIGGER device_documents_create AFTER INSERT ON devices BEGIN ${copy('NEW')} END`,
      `CREATE TRIGGER device_documents_device_changed AFTER UPDATE ON devices BEGIN ${deviceChanged} END`,
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
      ${sql.raw(copy('NEW'))}
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION device_documents_stale() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'devices' THEN
        ${sql.raw(deviceChanged)}
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
