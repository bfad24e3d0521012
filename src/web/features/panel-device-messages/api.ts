import { done } from '@shared/api/common';
import {
  sentDeviceMessageResponseSchema,
  sentDeviceMessagesResponseSchema,
  type SendDeviceMessageBody,
  type SentDeviceMessage,
} from '@shared/api/device-message';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /device-messages: the messages sent (an admin's: everyone's), newest first. */
export function useSentDeviceMessages() {
  return useQuery({
    queryKey: queryKeys.deviceMessages,
    queryFn: async ({ signal }): Promise<SentDeviceMessage[]> =>
      (await apiRequest('/device-messages', { signal, schema: sentDeviceMessagesResponseSchema })).data,
  });
}

/** POST /device-messages: answers the message as sent, with how many devices it reached. */
export function useSendDeviceMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SendDeviceMessageBody): Promise<SentDeviceMessage> =>
      (
        await apiRequest('/device-messages', {
          method: 'POST',
          body,
          schema: sentDeviceMessageResponseSchema,
        })
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.deviceMessages }),
  });
}

/** DELETE /device-messages/{id}: off every device at once. */
export function useWithdrawDeviceMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: SentDeviceMessage) => {
      await apiRequest(`/device-messages/${message.id}`, { method: 'DELETE', schema: done });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.deviceMessages }),
  });
}
