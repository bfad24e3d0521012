import type { GuessingLimits } from '../../config';
import type { ContactBody, ContactMessageView } from '../../../shared/api/contact';
import { pageMeta, type PageMeta } from '../../../shared/api/client';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import type { EventRecorder } from '../events/outbox';
import type { AttemptLimiter } from '../security/attempt-limiter';
import { countPublicFormSubmission } from '../security/public-form-limit';
import {
  type ContactMessageRow,
  type ContactRepository,
  createContactRepository,
} from './contact-repository';

export function toContactMessageView(row: ContactMessageRow): ContactMessageView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    read: row.is_read,
    created_at: row.created_at.toISOString(),
  };
}

export function createContactService(deps: {
  db: Db;
  messages: ContactRepository;
  limiter: AttemptLimiter;
  limits: Pick<GuessingLimits, 'publicFormsPerIp'>;
  events: EventRecorder;
}) {
  const { db, messages, limiter, limits, events } = deps;
  return {
    /** Stores a visitor's message and tells the admins. */
    async submit(body: ContactBody, ip: string): Promise<{ id: number }> {
      await countPublicFormSubmission(limiter, limits, 'contact', ip);
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await createContactRepository(trx).insert(body);
        await events.record(trx, {
          type: 'contact.received',
          actorId: null,
          subject: `contact:${inserted.id}`,
          payload: { message_id: inserted.id, name: body.name, subject: body.subject },
        });
        return inserted;
      });
      return { id: row.id };
    },

    async list(page: number, limit: number): Promise<{ data: ContactMessageView[]; meta: PageMeta }> {
      const { rows, total } = await messages.page(page, limit);
      return { data: rows.map(toContactMessageView), meta: pageMeta(total, page, limit) };
    },

    async markRead(id: number): Promise<ContactMessageView> {
      const row = await messages.markRead(id);
      if (!row) throw notFound('Message not found');
      return toContactMessageView(row);
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
