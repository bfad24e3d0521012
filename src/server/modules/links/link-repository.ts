import type { Db } from '../../db';
import type { LinksTable } from '../../db/schema';
import type { Selectable } from 'kysely';

export type LinkRow = Selectable<LinksTable>;
export type LinkWrite = { version: string | null; url: string };

export function createLinkRepository(db: Db) {
  return {
    listNewestFirst(): Promise<LinkRow[]> {
      return db.selectFrom('links').selectAll().orderBy('id', 'desc').execute();
    },
    insert(link: LinkWrite): Promise<LinkRow> {
      const now = new Date();
      return db
        .insertInto('links')
        .values({ ...link, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** Answers undefined for an unknown id. */
    update(id: number, link: LinkWrite): Promise<LinkRow | undefined> {
      return db
        .updateTable('links')
        .set({ ...link, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
    /** Answers the deleted row (undefined for an unknown id). */
    delete(id: number): Promise<LinkRow | undefined> {
      return db.deleteFrom('links').where('id', '=', id).returningAll().executeTakeFirst();
    },
  };
}
export type LinkRepository = ReturnType<typeof createLinkRepository>;
