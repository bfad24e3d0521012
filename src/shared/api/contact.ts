import { z } from 'zod';
import { pageMetaSchema, pageQueryShape } from './client';
import { idParam, ok, okList } from './common';

/** POST /api/v1/contact: the contact page's form. Messages are the form's i18n keys. */
export const contactBodySchema = z.strictObject({
  name: z.string({ error: 'nameRequired' }).trim().min(1, 'nameRequired').max(100),
  email: z
    .string({ error: 'emailRequired' })
    .trim()
    .min(1, 'emailRequired')
    .max(254, 'emailInvalid')
    .toLowerCase()
    .pipe(z.email('emailInvalid')),
  subject: z.string({ error: 'subjectRequired' }).trim().min(1, 'subjectRequired').max(200),
  message: z.string({ error: 'messageRequired' }).trim().min(1, 'messageRequired').max(5000),
});
export type ContactForm = z.input<typeof contactBodySchema>;
export type ContactBody = z.output<typeof contactBodySchema>;

/** GET /api/v1/contact?page&limit (admin) */
export const contactListQuerySchema = z.strictObject({ ...pageQueryShape });

export const contactParamsSchema = z.strictObject({ id: idParam });

export const contactMessageViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type ContactMessageView = z.infer<typeof contactMessageViewSchema>;

export const contactListResponseSchema = okList(contactMessageViewSchema, { meta: pageMetaSchema });
export const contactMessageResponseSchema = ok(contactMessageViewSchema);
/** POST /api/v1/contact: the stored message's id and a thank-you sentence. */
export const contactSentResponseSchema = ok(z.object({ id: z.number().int() }), { message: z.string() });
