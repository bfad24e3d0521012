import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../index';

/** The values a notification's message was made from, so the panel can say it in the reader's language. */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('params', 'text').execute();
}
