import type { Insertable, Selectable } from 'kysely';
import type { AuditQuery } from '../../../shared/api/audit';
import type { Db } from '../../db';
import { containsInsensitiveFor } from '../../db/like';
import type { AuditEntriesTable } from '../../db/schema';

export type AuditEntryRow = Selectable<AuditEntriesTable>;
export type NewAuditEntry = Insertable<AuditEntriesTable>;

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
      await db.insertInto('audit_entries').values(entry).execute();
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
