import type { PanelUser } from '../../../shared/api/auth';
import type { Db } from '../../db';
import type { NewUser, UserRow } from '../../db/schema';

export function toPanelUser(
  row: UserRow,
  canAddSubResellers: boolean,
  twoFactorEnrolmentRequired = false,
): PanelUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    credits: row.credits,
    parentId: row.parent_id,
    canAddSubResellers,
    twoFactorEnabled: row.has_two_factor,
    twoFactorEnrolmentRequired,
    expiryDigest: row.has_expiry_digest,
  };
}

export function createUserRepository(db: Db) {
  return {
    findByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    findById(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async hasAdmin(): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    insert(user: Omit<NewUser, 'created_at' | 'updated_at'>) {
      const now = new Date();
      return db
        .insertInto('users')
        .values({ ...user, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** Inserts unless the e-mail is taken (by a concurrent insert too): the row, or undefined. */
    insertUnlessEmailTaken(user: Omit<NewUser, 'created_at' | 'updated_at'>) {
      const now = new Date();
      return db
        .insertInto('users')
        .values({ ...user, created_at: now, updated_at: now })
        .onConflict((conflict) => conflict.doNothing())
        .returningAll()
        .executeTakeFirst();
    },
    async setPasswordHash(id: number, passwordHash: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
    async setExpiryDigest(id: number, on: boolean): Promise<void> {
      await db.updateTable('users').set({ has_expiry_digest: on }).where('id', '=', id).execute();
    },
    async setLanguage(id: number, language: string): Promise<void> {
      await db.updateTable('users').set({ language }).where('id', '=', id).execute();
    },
    async setBanned(id: number, banned: boolean): Promise<void> {
      await db
        .updateTable('users')
        .set({ is_banned: banned, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
