import type { ContactBody, ContactMessageView } from '../../../shared/api/contact';
import { pageMeta, type PageMeta } from '../../../shared/api/client';
import type { Db } from '../../db';
import { notFound, tooManyAttempts } from '../../errors';
import { notifyAdmins } from '../notifications/notification-service';
import type { AttemptLimiter, AttemptRule } from '../security/attempt-limiter';
import type { ContactMessageRow, ContactRepository } from './contact-repository';

/** DESIGN.md section 6: public forms (contact, client registration) take 5 submissions per IP per hour. */
export const PUBLIC_FORM_RULE: AttemptRule = { maxFailures: 5, windowMs: 3_600_000, lockMs: 3_600_000 };

/**
 * Counts one submission of a public form from an address, refusing it with 429 once the address has
 * used its allowance. Every submission counts (not only failures): the limit is on volume.
 */
export async function countPublicFormSubmission(
  limiter: AttemptLimiter,
  form: 'contact' | 'client-registration',
  ip: string,
): Promise<void> {
  const key = `${form}:ip:${ip}`;
  const state = await limiter.check(key);
  if (state.locked) throw tooManyAttempts('too_many_attempts', state.retryAfterMs);
  await limiter.registerFailure(key, PUBLIC_FORM_RULE);
}

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

export function createContactService(deps: { db: Db; messages: ContactRepository; limiter: AttemptLimiter }) {
  const { db, messages, limiter } = deps;
  return {
    /** Stores a visitor's message and tells the admins. */
    async submit(body: ContactBody, ip: string): Promise<{ id: number }> {
      await countPublicFormSubmission(limiter, 'contact', ip);
      const row = await messages.insert(body);
      await notifyAdmins(db, 'contact_message', `New contact message from ${body.name}: ${body.subject}`);
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
