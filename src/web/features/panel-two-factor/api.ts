import { signedInResponseSchema } from '@shared/api/auth';
import { done } from '@shared/api/common';
import {
  enableTwoFactorResponseSchema,
  twoFactorSetupResponseSchema,
  type DisableTwoFactorBody,
  type EnableTwoFactorBody,
  type VerifyTwoFactorBody,
} from '@shared/api/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { sessionQueryKey, startSession } from '@web/lib/panel-session';

/** POST /auth/2fa/setup: a new secret and its QR code (only until enrolment is confirmed). */
export function useTwoFactorSetup() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/auth/2fa/setup', { method: 'POST', body: {}, schema: twoFactorSetupResponseSchema }),
  });
}

/**
 * POST /auth/2fa/enable: answers the recovery codes. The session is refreshed only when the person
 * has seen them (`refreshSession`): it decides what the account screen shows (and, under REQUIRE_2FA,
 * whether the panel opens), and refreshing at once would take the codes off the screen.
 */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: async (body: EnableTwoFactorBody) =>
      (await apiRequest('/auth/2fa/enable', { method: 'POST', body, schema: enableTwoFactorResponseSchema }))
        .recovery_codes,
  });
}

export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

/** POST /auth/2fa/disable; the session then says two-factor is off. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DisableTwoFactorBody) =>
      apiRequest('/auth/2fa/disable', { method: 'POST', body, schema: done }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

/** POST /auth/2fa/verify: the login's code step; a right code starts the panel's session. */
export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: VerifyTwoFactorBody) =>
      (await apiRequest('/auth/2fa/verify', { method: 'POST', body, schema: signedInResponseSchema })).user,
    onSuccess: (user) => startSession(queryClient, user),
  });
}
