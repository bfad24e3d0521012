import type { LinkView, ParsedLinkBody } from '../../../shared/api/link';
import { notFound } from '../../errors';
import type { Db } from '../../db';
import type { EventType } from '../events/domain-events';
import { changeAndRecord, type EventRecorder } from '../events/outbox';
import { createLinkRepository, type LinkRepository, type LinkRow } from './link-repository';

type LinkEvent = Extract<EventType, 'link.created' | 'link.updated' | 'link.deleted'>;

export function toLinkView(row: LinkRow): LinkView {
  return { id: row.id, version: row.version, url: row.url, created_at: row.created_at.toISOString() };
}

/** The application download links: every panel user reads them, only admins change them (routes guard). */
export function createLinkService(deps: { db: Db; events: EventRecorder; links: LinkRepository }) {
  const { db, events, links } = deps;
  /** The event of a link's change (its version names it in the audit log); none when nothing changed. */
  const linkEvent =
    (type: LinkEvent, actorId: number) => (row: Pick<LinkRow, 'id' | 'version' | 'url'> | undefined) =>
      row
        ? {
            type,
            actorId,
            subject: `link:${row.id}`,
            payload: { link_id: row.id, target_name: row.version, url: row.url },
          }
        : null;
  return {
    async list(): Promise<LinkView[]> {
      return (await links.listNewestFirst()).map(toLinkView);
    },
    async create(actorId: number, body: ParsedLinkBody): Promise<LinkView> {
      const row = await changeAndRecord(
        db,
        events,
        (trx) => createLinkRepository(trx).insert({ version: body.version, url: body.url }),
        linkEvent('link.created', actorId),
      );
      return toLinkView(row);
    },
    async update(actorId: number, id: number, body: ParsedLinkBody): Promise<LinkView> {
      const row = await changeAndRecord(
        db,
        events,
        (trx) => createLinkRepository(trx).update(id, { version: body.version, url: body.url }),
        linkEvent('link.updated', actorId),
      );
      if (!row) throw notFound('Link not found');
      return toLinkView(row);
    },
    async remove(actorId: number, id: number): Promise<void> {
      const deleted = await changeAndRecord(
        db,
        events,
        (trx) => createLinkRepository(trx).delete(id),
        linkEvent('link.deleted', actorId),
      );
      if (!deleted) throw notFound('Link not found');
    },
  };
}
export type LinkService = ReturnType<typeof createLinkService>;
