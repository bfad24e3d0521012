import { activationResponseSchema, type ActivationBody } from '@shared/api/panel-device';
import { apiRequest } from '@web/lib/api-client';

/** POST /device/updatepayment: answers the caller's new balance (null for an admin). */
export function activateDevice(body: ActivationBody) {
  return apiRequest('/device/updatepayment', { method: 'POST', body, schema: activationResponseSchema });
}
