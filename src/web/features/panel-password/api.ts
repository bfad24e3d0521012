import { successSchema, type ChangePasswordBody } from '@shared/api/auth';
import { apiRequest } from '@web/lib/api-client';

/** PATCH /auth/change-password/{id}: always the signed-in user's own id. */
export async function changePassword(userId: number, body: ChangePasswordBody): Promise<void> {
  await apiRequest(`/auth/change-password/${userId}`, { method: 'PATCH', body, schema: successSchema });
}
