import {
  apiKeyCreatedResponseSchema,
  apiKeyListResponseSchema,
  type ApiKeyView,
  type CreateApiKeyBody,
} from '@shared/api/api-key';
import { done } from '@shared/api/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api-keys: the signed-in user's keys that are not revoked, newest first. */
export function useApiKeys() {
  return useQuery({
    queryKey: queryKeys.apiKeys,
    queryFn: async ({ signal }): Promise<ApiKeyView[]> =>
      (await apiRequest('/api-keys', { signal, schema: apiKeyListResponseSchema })).data,
  });
}

/** POST /api-keys: answers the new key with its secret, which nothing will show again. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiKeyBody) =>
      (await apiRequest('/api-keys', { method: 'POST', body, schema: apiKeyCreatedResponseSchema })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}

/** DELETE /api-keys/{id}: the key stops working at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: ApiKeyView) => {
      await apiRequest(`/api-keys/${key.id}`, { method: 'DELETE', schema: done });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}
