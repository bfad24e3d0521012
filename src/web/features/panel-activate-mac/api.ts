import type { ActivationBody } from '@shared/api/panel-device';
import { z } from 'zod';
import { apiRequest } from '@web/lib/api-client';

const activationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  updated_credits: z.number().int().nullable(),
});

/** POST /device/updatepayment: answers the caller's new balance (null for an admin). */
export function activateDevice(body: ActivationBody) {
  return apiRequest('/device/updatepayment', { method: 'POST', body, schema: activationResponseSchema });
}
