import type { Kysely } from 'kysely';

/**
 * Drops `devices_expires_idx` (expires_at alone, from 0001) on both databases (docs/decisions/0054).
 * Every query that reads devices by expiry also names their plan, and reads
 * `devices_plan_expiry_idx (payment_type, expires_at, id)` (0011) or `devices_payment_type_idx`: the
 * expiry scan, the expiry digest, the lists' "expiring in 7 days" filter; the dashboard's counts read
 * every row in one pass. Yet every activation moved its entry (a new expiry), about two pages more
 * written per commit on SQLite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('devices_expires_idx').ifExists().execute();
}
