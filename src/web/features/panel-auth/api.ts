import { loginResponseSchema, type LoginBody, type PanelUser } from '@shared/api/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { startSession } from '@web/lib/panel-session';

/** POST /auth/login: sets the session cookie, answers with the user, and starts the panel's session. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody): Promise<PanelUser> =>
      (await apiRequest('/auth/login', { method: 'POST', body, schema: loginResponseSchema })).user,
    onSuccess: (user) => startSession(queryClient, user),
  });
}
