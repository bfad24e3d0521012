import type { ChangePasswordBody } from '@shared/api/auth';
import { done } from '@shared/api/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiRequestError } from '@web/lib/api-client';
import { sessionQueryKey } from '@web/lib/panel-session';

/**
 * PATCH /auth/change-password/{id}: always the signed-in user's own id. A 401 means the session
 * ended meanwhile: it is checked again, which sends the user to sign in.
 */
export function useChangePassword(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChangePasswordBody) => {
      await apiRequest(`/auth/change-password/${userId}`, { method: 'PATCH', body, schema: done });
    },
    onError: (error) => {
      if (isApiRequestError(error) && error.status === 401) {
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
    },
  });
}
