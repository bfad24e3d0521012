import { done } from '@shared/api/common';
import {
  type CreateWebhookBody,
  webhookCreatedResponseSchema,
  webhookDeliveryListResponseSchema,
  webhookDeliveryResponseSchema,
  webhookListResponseSchema,
  type WebhookDeliveryView,
  type WebhookView,
} from '@shared/api/webhook';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /webhooks: the signed-in user's endpoints, newest first. */
export function useWebhooks() {
  return useQuery({
    queryKey: queryKeys.webhooks,
    queryFn: async ({ signal }): Promise<WebhookView[]> =>
      (await apiRequest('/webhooks', { signal, schema: webhookListResponseSchema })).data,
  });
}

/** GET /webhooks/{id}/deliveries; looks again every 2 s while a delivery is still pending. */
export function useWebhookDeliveries(endpointId: number | null) {
  return useQuery({
    queryKey: queryKeys.webhookDeliveries(endpointId ?? 0),
    enabled: endpointId !== null,
    queryFn: async ({ signal }): Promise<WebhookDeliveryView[]> =>
      (
        await apiRequest(`/webhooks/${endpointId}/deliveries`, {
          signal,
          schema: webhookDeliveryListResponseSchema,
        })
      ).data,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.state === 'pending') ? 2_000 : false,
  });
}

/** POST /webhooks: answers the endpoint with its signing secret, which nothing will show again. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWebhookBody) =>
      (await apiRequest('/webhooks', { method: 'POST', body, schema: webhookCreatedResponseSchema })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }),
  });
}

/** DELETE /webhooks/{id}: the endpoint and its delivery log go. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (endpoint: WebhookView) => {
      await apiRequest(`/webhooks/${endpoint.id}`, { method: 'DELETE', schema: done });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }),
  });
}

/** POST /webhooks/{id}/test: a webhook.test delivery; its deliveries list refreshes. */
export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (endpoint: WebhookView) =>
      (
        await apiRequest(`/webhooks/${endpoint.id}/test`, {
          method: 'POST',
          schema: webhookDeliveryResponseSchema,
        })
      ).data,
    onSuccess: (_delivery, endpoint) =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(endpoint.id) }),
  });
}

/** POST /webhooks/{id}/deliveries/{deliveryId}/resend */
export function useResendDelivery(endpointId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (delivery: WebhookDeliveryView) =>
      (
        await apiRequest(`/webhooks/${endpointId}/deliveries/${delivery.id}/resend`, {
          method: 'POST',
          schema: webhookDeliveryResponseSchema,
        })
      ).data,
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(endpointId) }),
  });
}
