import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * A version per reseller's device list, raised by triggers whenever one of the reseller's devices is
 * added, removed, moved to another owner, or changes a column the list filters or searches on
 * (docs/decisions/0030). The panel keeps each filter's total with the version it was counted at and
 * counts again only when the version moved: counting every match was about 40% of a full page's cost.
 * Triggers, like device_documents' (0004), so no code path or tool can change a device without the
 * version seeing it. No row means version 0; an owner's row outlives the owner, so a version only
 * ever rises. Only these columns: a device's new key, its ban or its expiry leave the totals that
 * are kept alone and must not cost the upsert.
 */
const FILTERED = ['owner_id', 'payment_type', 'is_paid', 'name', 'phone', 'app_name', 'mac', 'mac_hex'];
const FILTERED_COLUMNS = FILTERED.join(', ');
/**
 * An update that rewrites a column with its own value changes no total: a reseller renewing its
 * device sets the same owner and plan again. Testing the values is cheaper than the upsert (it
 * doubled the device update's time in activation on SQLite).
 */
const changed = (distinct: string) => FILTERED.map((c) => `OLD.${c} ${distinct} NEW.${c}`).join(' OR ');

export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await db.schema
    .createTable('device_list_versions')
    .addColumn('owner_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();

  const bump = (owner: string) =>
    `INSERT INTO device_list_versions (owner_id, version) VALUES (${owner}, 1)
     ON CONFLICT (owner_id) DO UPDATE SET version = device_list_versions.version + 1;`;

  if (kind === 'sqlite') {
    const statements = [
      `CREATE TRIGGER device_list_added AFTER INSERT ON devices WHEN NEW.owner_id IS NOT NULL
       BEGIN ${bump('NEW.owner_id')} END`,
      `CREATE TRIGGER device_list_removed AFTER DELETE ON devices WHEN OLD.owner_id IS NOT NULL
       BEGIN ${bump('OLD.owner_id')} END`,
      `CREATE TRIGGER device_list_left AFTER UPDATE OF ${FILTERED_COLUMNS} ON devices
       WHEN OLD.owner_id IS NOT NULL AND (${changed('IS NOT')}) BEGIN ${bump('OLD.owner_id')} END`,
      `CREATE TRIGGER device_list_joined AFTER UPDATE OF owner_id ON devices
       WHEN NEW.owner_id IS NOT NULL AND NEW.owner_id IS NOT OLD.owner_id BEGIN ${bump('NEW.owner_id')} END`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
    return;
  }

  await sql`
    CREATE FUNCTION device_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' AND OLD.owner_id IS NOT NULL THEN ${sql.raw(bump('OLD.owner_id'))} END IF;
      IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.owner_id IS DISTINCT FROM OLD.owner_id) THEN
        IF NEW.owner_id IS NOT NULL THEN ${sql.raw(bump('NEW.owner_id'))} END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  // Deferred to the commit: the upsert locks the owner's row until the transaction ends, and
  // activation's transactions for one reseller would queue on it from their first write (its
  // balance is debited last for the same reason, decision 0024).
  await sql`CREATE CONSTRAINT TRIGGER device_list_added_or_removed
    AFTER INSERT OR DELETE ON devices
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION device_list_changed()`.execute(db);
  await sql`CREATE CONSTRAINT TRIGGER device_list_changed
    AFTER UPDATE OF ${sql.raw(FILTERED_COLUMNS)} ON devices
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW WHEN (${sql.raw(changed('IS DISTINCT FROM'))})
    EXECUTE FUNCTION device_list_changed()`.execute(db);
}
