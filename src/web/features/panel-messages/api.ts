import {
  contactListResponseSchema,
  contactMessageResponseSchema,
  type ContactMessageView,
} from '@shared/api/contact';
import type { PageMeta } from '@shared/api/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /contact?page&limit (admins): newest first. */
export function useContactMessages(page: number, limit: number) {
  return useQuery({
    queryKey: queryKeys.contactMessagePage(page, limit),
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

/** PUT /contact/{id}/read (admins). */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: ContactMessageView) =>
      (
        await apiRequest(`/contact/${message.id}/read`, {
          method: 'PUT',
          schema: contactMessageResponseSchema,
        })
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.contactMessages }),
  });
}
