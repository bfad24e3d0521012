import { type BulkActivationBody, bulkOutcomeResponseSchema } from '@shared/api/bulk-activation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { idempotencyHeader } from '@web/lib/idempotency';
import { updateSessionCredits } from '@web/lib/panel-session';
import { invalidateDevices } from '@web/lib/query-keys';

/** POST /activations/bulk/preview: every row judged, the credits needed; nothing changes. */
export function usePreviewBulk() {
  return useMutation({
    mutationFn: async (body: BulkActivationBody) =>
      (
        await apiRequest('/activations/bulk/preview', {
          method: 'POST',
          body,
          schema: bulkOutcomeResponseSchema,
        })
      ).data,
  });
}

/**
 * POST /activations/bulk: activates the ready rows. One Idempotency-Key per confirmation, so a
 * double click or a retry is charged once. The balance, device lists and dashboard refresh.
 */
export function useActivateBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: BulkActivationBody; idempotencyKey: string }) =>
      (
        await apiRequest('/activations/bulk', {
          method: 'POST',
          body,
          headers: idempotencyHeader(idempotencyKey),
          schema: bulkOutcomeResponseSchema,
        })
      ).data,
    onSuccess: (outcome) => {
      if (outcome.summary.balance !== null) updateSessionCredits(queryClient, outcome.summary.balance);
      void invalidateDevices(queryClient);
    },
  });
}
