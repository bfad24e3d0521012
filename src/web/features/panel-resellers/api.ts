import { resellerBanResponseSchema, resellerResponseSchema } from '@shared/api/reseller';
import type { CreateResellerBody, ResellerView } from '@shared/api/reseller';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/**
 * POST /auth/sign_up_reseller: the server decides the role and parent from the signed-in user.
 * Starting credits come out of a reseller's own balance, so its session (the header's badge) is
 * refreshed too.
 */
export function useCreateReseller(isAdmin: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateResellerBody) => {
      await apiRequest('/auth/sign_up_reseller', { method: 'POST', body, schema: resellerResponseSchema });
    },
    onSuccess: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.resellers }),
        isAdmin ? undefined : queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      ]),
  });
}

/** PUT /reseller/{id}: only the name and phone can change. */
export function useUpdateReseller(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; phone: string }) => {
      await apiRequest(`/reseller/${id}`, { method: 'PUT', body, schema: resellerResponseSchema });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.resellers }),
  });
}

/** PUT /reseller/toggleBan/{id}: bans or unbans; a ban signs the reseller out at once. */
export function useToggleResellerBan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reseller: ResellerView) => {
      await apiRequest(`/reseller/toggleBan/${reseller.id}`, {
        method: 'PUT',
        schema: resellerBanResponseSchema,
      });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.resellers }),
  });
}
