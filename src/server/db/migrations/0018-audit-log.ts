import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * The audit log (decision 0017): one row per state-changing action, written by the outbox in the
 * transaction of the change. Who (account or device, role, API key name, address), what (action,
 * target, changed fields) and when. No foreign keys: the log outlives the accounts and devices it
 * names. Append-only on both databases: a trigger refuses UPDATE and DELETE, so not even a bug in
 * our own code (or a stolen application connection) can rewrite history.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const pg = kind === 'postgres';
  await db.schema
    .createTable('audit_entries')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('created_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_label', 'text')
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('api_key_name', 'text')
    .addColumn('ip', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('target_label', 'text')
    .addColumn('device_id', 'integer')
    .addColumn('details', 'text', (c) => c.notNull())
    .execute();
  // The Activity screen pages newest first, by actor (a reseller's subtree), by device (its history).
  await db.schema
    .createIndex('audit_entries_actor_idx')
    .on('audit_entries')
    .columns(['actor_id', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_entries_device_idx')
    .on('audit_entries')
    .columns(['device_id', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_entries_action_idx')
    .on('audit_entries')
    .columns(['action', 'id'])
    .execute();

  if (!pg) {
    for (const op of ['UPDATE', 'DELETE'])
      await sql
        .raw(
          `CREATE TRIGGER audit_entries_no_${op.toLowerCase()} BEFORE ${op} ON audit_entries
           BEGIN SELECT RAISE(ABORT, 'audit_entries is append-only'); END`,
        )
        .execute(db);
    return;
  }
  await sql`
    CREATE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_entries is append-only' USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  await sql`CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries
    FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only()`.execute(db);
  // TRUNCATE skips row triggers: refuse it with a statement trigger.
  await sql`CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries
    FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_append_only()`.execute(db);
}
