import { activationResponseSchema, type ActivationBody } from '@shared/api/panel-device';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { idempotencyHeader } from '@web/lib/idempotency';
import { updateSessionCredits } from '@web/lib/panel-session';
import { invalidateDevices, queryKeys } from '@web/lib/query-keys';

/** POST /device/updatepayment: answers the caller's new balance (null for an admin). */
function activateDevice({ body, idempotencyKey }: { body: ActivationBody; idempotencyKey: string }) {
  return apiRequest('/device/updatepayment', {
    method: 'POST',
    body,
    headers: idempotencyHeader(idempotencyKey),
    schema: activationResponseSchema,
  });
}

/**
 * Activates a device. The session takes the caller's new balance from the answer, and the search,
 * the device lists and the dashboard's counts that show this device are refreshed.
 */
export function useActivateDevice(mac: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateDevice,
    onSuccess: (answer) => {
      if (answer.updated_credits !== null) updateSessionCredits(queryClient, answer.updated_credits);
      void queryClient.invalidateQueries({ queryKey: queryKeys.deviceLookup(mac) });
      void invalidateDevices(queryClient);
    },
  });
}
