import type { Selectable } from 'kysely';
import type { ContactBody } from '../../../shared/api/contact';
import type { Db } from '../../db';
import type { ContactMessagesTable } from '../../db/schema';

export type ContactMessageRow = Selectable<ContactMessagesTable>;

export function createContactRepository(db: Db) {
  return {
    insert(message: ContactBody): Promise<ContactMessageRow> {
      return db
        .insertInto('contact_messages')
        .values({ ...message, created_at: new Date() })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** One page, newest first, and the total for the page count. */
    async page(page: number, limit: number): Promise<{ rows: ContactMessageRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('contact_messages')
          .selectAll()
          .orderBy('id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        db
          .selectFrom('contact_messages')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.count) };
    },
    /** Answers undefined for an unknown id. */
    markRead(id: number): Promise<ContactMessageRow | undefined> {
      return db
        .updateTable('contact_messages')
        .set({ is_read: true })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
