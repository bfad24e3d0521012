import {
  contactListResponseSchema,
  contactMessageViewSchema,
  type ContactMessageView,
} from '@shared/api/contact';
import type { PageMeta } from '@shared/api/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@web/lib/api-client';

export const contactMessagesQueryKey = ['panel', 'contact-messages'] as const;

/** GET /contact?page&limit (admins): newest first. */
export function contactMessagesQuery(page: number, limit: number) {
  return queryOptions({
    queryKey: [...contactMessagesQueryKey, page, limit],
    queryFn: async ({ signal }): Promise<{ data: ContactMessageView[]; meta: PageMeta }> => {
      const answer = await apiRequest('/contact', {
        query: { page, limit },
        signal,
        schema: contactListResponseSchema,
      });
      return { data: answer.data, meta: answer.meta };
    },
    placeholderData: keepPreviousData,
  });
}

const markReadResponseSchema = z.object({ success: z.literal(true), data: contactMessageViewSchema });

/** PUT /contact/{id}/read (admins). */
export async function markMessageRead(id: number): Promise<ContactMessageView> {
  const answer = await apiRequest(`/contact/${id}/read`, { method: 'PUT', schema: markReadResponseSchema });
  return answer.data;
}
