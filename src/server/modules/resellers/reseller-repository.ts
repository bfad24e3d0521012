import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import { containsInsensitiveFor } from '../../db/like';

export function createResellerRepository(db: Db) {
  const containsInsensitive = containsInsensitiveFor(db);
  return {
    /** Admin: every reseller and sub-reseller. Otherwise: the direct sub-resellers of `parentId`. */
    list(scope: { parentId?: number; search?: string }): Promise<UserRow[]> {
      let query = db
        .selectFrom('users')
        .selectAll()
        .where('role', '!=', 'admin')
        .orderBy('id', 'desc')
        .limit(1000);
      if (scope.parentId !== undefined) query = query.where('parent_id', '=', scope.parentId);
      if (scope.search) {
        const term = scope.search;
        query = query.where((eb) =>
          eb.or([
            containsInsensitive(eb.ref('name'), term),
            containsInsensitive(eb.ref('email'), term),
            containsInsensitive(eb.ref('phone'), term),
          ]),
        );
      }
      return query.execute();
    },
    /** Every account `parentId` created, banned ones included (a ban frees no place). */
    async countChildren(parentId: number): Promise<number> {
      const { count } = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('parent_id', '=', parentId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },
    async emailTaken(email: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      return row !== undefined;
    },
    async updateContact(id: number, fields: { name: string; phone: string }): Promise<UserRow> {
      return db
        .updateTable('users')
        .set({ ...fields, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
