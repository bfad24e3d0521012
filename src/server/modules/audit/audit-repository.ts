import type { Insertable, Selectable } from 'kysely';
import type { AuditQuery } from '../../../shared/api/audit';
import type { Db } from '../../db';
import { containsInsensitiveFor } from '../../db/like';
import { prepareWriteOnce } from '../../db/prepared';
import type { AuditEntriesTable } from '../../db/schema';

export type AuditEntryRow = Selectable<AuditEntriesTable>;
/** Every column but the id: an entry is always written whole, by one statement compiled once. */
export type NewAuditEntry = Required<Omit<Insertable<AuditEntriesTable>, 'id'>>;

// Every column, in one order: the object literal makes TypeScript refuse a column missing or unknown.
const AUDIT_COLUMNS = Object.keys({
  created_at: 0,
  event_id: 0,
  actor_id: 0,
  actor_label: 0,
  actor_role: 0,
  api_key_name: 0,
  ip: 0,
  action: 0,
  target: 0,
  target_label: 0,
  device_id: 0,
  details: 0,
} satisfies Record<keyof NewAuditEntry, 0>) as (keyof NewAuditEntry)[];

const insertRow = prepareWriteOnce(AUDIT_COLUMNS.length, (db, ...values: unknown[]) =>
  db
    .insertInto('audit_entries')
    .values(
      Object.fromEntries(AUDIT_COLUMNS.map((column, index) => [column, values[index]])) as NewAuditEntry,
    ),
);
const insertEntry = (db: Db) => (entry: NewAuditEntry) =>
  insertRow(db)(...AUDIT_COLUMNS.map((column) => entry[column]));

/**
 * Whose entries a reader may see: everything (an admin), what a reseller and the accounts under it
 * did (its subtree, through users.parent_id at any depth), or one device's history.
 */
export type AuditScope =
  { kind: 'all' } | { kind: 'subtree'; rootId: number } | { kind: 'device'; deviceId: number };

export type AuditFilter = Omit<AuditQuery, 'device_id' | 'limit'>;

const DAY_MS = 86_400_000;

/** The audit log's SQL: inserts and filtered, keyset-paged reads, newest first. Never an UPDATE or DELETE. */
export function createAuditRepository(db: Db) {
  const containsInsensitive = containsInsensitiveFor(db);

  return {
    async insert(entry: NewAuditEntry): Promise<void> {
      await insertEntry(db)(entry);
    },

    /** Up to `limit` entries below the cursor, newest first. */
    async page(scope: AuditScope, filter: AuditFilter, limit: number): Promise<AuditEntryRow[]> {
      let query = db.selectFrom('audit_entries').selectAll('audit_entries');
      if (scope.kind === 'device') query = query.where('device_id', '=', scope.deviceId);
      if (scope.kind === 'subtree') {
        const rootId = scope.rootId;
        const subtree = db
          .withRecursive('subtree(id)', (qb) =>
            qb
              .selectFrom('users')
              .select('id')
              .where('id', '=', rootId)
              .unionAll((next) =>
                next
                  .selectFrom('users')
                  .innerJoin('subtree', 'subtree.id', 'users.parent_id')
                  .select('users.id'),
              ),
          )
          .selectFrom('subtree')
          .select('subtree.id');
        // Accounts only: a viewer's, a visitor's or the system's entries carry no actor id.
        query = query.where('actor_id', 'in', subtree);
      }
      if (filter.actor) {
        const actor = filter.actor;
        query = query.where((eb) => containsInsensitive(eb.ref('actor_label'), actor));
      }
      if (filter.role) query = query.where('actor_role', '=', filter.role);
      if (filter.action) {
        const action = filter.action;
        query = action.includes('.')
          ? query.where('action', '=', action)
          : query.where('action', 'like', `${action}.%`);
      }
      if (filter.target) {
        const target = filter.target;
        query = query.where((eb) =>
          eb.or([eb('target', '=', target), containsInsensitive(eb.ref('target_label'), target)]),
        );
      }
      if (filter.from) query = query.where('created_at', '>=', new Date(`${filter.from}T00:00:00Z`));
      if (filter.to)
        query = query.where('created_at', '<', new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS));
      if (filter.cursor) query = query.where('id', '<', filter.cursor);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
