import { done } from '@shared/api/common';
import { linkListResponseSchema, linkResponseSchema, type LinkBody, type LinkView } from '@shared/api/link';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /link: every application link, newest first. */
export function useLinks() {
  return useQuery({
    queryKey: queryKeys.links,
    queryFn: async ({ signal }): Promise<LinkView[]> =>
      (await apiRequest('/link', { signal, schema: linkListResponseSchema })).data,
  });
}

/** POST /link, or PUT /link/{id} when editing `link` (admins). */
export function useSaveLink(link: LinkView | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LinkBody) => {
      await apiRequest(link ? `/link/${link.id}` : '/link', {
        method: link ? 'PUT' : 'POST',
        body,
        schema: linkResponseSchema,
      });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.links }),
  });
}

/** DELETE /link/{id} (admins). */
export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (link: LinkView) => {
      await apiRequest(`/link/${link.id}`, { method: 'DELETE', schema: done });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.links }),
  });
}
