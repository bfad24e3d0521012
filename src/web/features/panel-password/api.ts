import {
  accountPreferencesResponseSchema,
  revokeOthersResponseSchema,
  type AccountPreferences,
  sessionListResponseSchema,
  type ChangePasswordBody,
} from '@shared/api/auth';
import { done } from '@shared/api/common';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiRequestError } from '@web/lib/api-client';
import { sessionQueryKey, updateSessionUser } from '@web/lib/panel-session';

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

export const sessionsQueryKey = ['panel', 'sessions'] as const;

/** GET /auth/sessions: this account's signed-in sessions, the current one marked. */
export const sessionsQuery = queryOptions({
  queryKey: sessionsQueryKey,
  queryFn: async () => (await apiRequest('/auth/sessions', { schema: sessionListResponseSchema })).data,
});

/** DELETE /auth/sessions/{id}: ends one session; the list is read again. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(`/auth/sessions/${id}`, { method: 'DELETE', schema: done });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** POST /auth/sessions/revoke-others: ends every session but this one; the list is read again. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest('/auth/sessions/revoke-others', {
          method: 'POST',
          body: {},
          schema: revokeOthersResponseSchema,
        })
      ).data.ended,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** PUT /auth/preferences: the account's e-mail preferences; the signed-in user shows the saved value. */
export function useSetPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: AccountPreferences) =>
      (
        await apiRequest('/auth/preferences', {
          method: 'PUT',
          body: preferences,
          schema: accountPreferencesResponseSchema,
        })
      ).data,
    onSuccess: (saved) => updateSessionUser(queryClient, { expiryDigest: saved.expiry_digest }),
  });
}
