import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * Messages to devices (docs/architecture.md §6.14): a text in up to three languages from an admin or
 * a reseller, shown by the TV app and the device page until it expires. Recipients are fixed when it
 * is sent (one row per device). A recipient added or removed makes that device's stored TV answer
 * stale, like a playlist does (migration 0004), so GET /device carries the message with a new ETag
 * and its hot path gains no query.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const pg = kind === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('device_messages')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text_en', 'text')
    .addColumn('text_fr', 'text')
    .addColumn('text_ar', 'text')
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_messages_author_idx')
    .on('device_messages')
    .column('author_id')
    .execute();
  await db.schema
    .createIndex('device_messages_expires_idx')
    .on('device_messages')
    .column('expires_at')
    .execute();
  await db.schema
    .createTable('device_message_recipients')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('device_messages.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('device_message_recipients_pk', ['device_id', 'message_id'])
    .execute();
  // Withdrawing or expiring a message deletes its recipients by message.
  await db.schema
    .createIndex('device_message_recipients_message_idx')
    .on('device_message_recipients')
    .column('message_id')
    .execute();

  const stale = (deviceId: string) =>
    `UPDATE device_documents SET body = NULL, version = version + 1 WHERE device_id = ${deviceId};`;
  if (!pg) {
    await sql
      .raw(
        `CREATE TRIGGER device_documents_message_added AFTER INSERT ON device_message_recipients
         BEGIN ${stale('NEW.device_id')} END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER device_documents_message_removed AFTER DELETE ON device_message_recipients
         BEGIN ${stale('OLD.device_id')} END`,
      )
      .execute(db);
    return;
  }
  await sql`
    CREATE FUNCTION device_documents_message_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN ${sql.raw(stale('NEW.device_id'))}
      ELSE ${sql.raw(stale('OLD.device_id'))}
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER device_documents_message_changed AFTER INSERT OR DELETE ON device_message_recipients
    FOR EACH ROW EXECUTE FUNCTION device_documents_message_changed()`.execute(db);
}
