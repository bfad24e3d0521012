import {
  loginResponseSchema,
  type ForgotPasswordBody,
  type LoginBody,
  type LoginResponse,
  type ResetPasswordBody,
} from '@shared/api/auth';
import { done } from '@shared/api/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { startSession } from '@web/lib/panel-session';

/**
 * POST /auth/login: sets the session cookie, answers with the user, and starts the panel's session;
 * with two-factor sign-in on, it answers a step token instead and nobody is signed in yet.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody): Promise<LoginResponse> =>
      apiRequest('/auth/login', { method: 'POST', body, schema: loginResponseSchema }),
    onSuccess: (answer) => {
      if ('user' in answer) startSession(queryClient, answer.user);
    },
  });
}

/** POST /auth/forgot-password: answers the same whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (body: ForgotPasswordBody) => {
      await apiRequest('/auth/forgot-password', { method: 'POST', body, schema: done });
    },
  });
}

/** POST /auth/reset-password: the e-mailed link's token and the new password. */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: ResetPasswordBody) => {
      await apiRequest('/auth/reset-password', { method: 'POST', body, schema: done });
    },
  });
}
