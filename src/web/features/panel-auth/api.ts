import { loginResponseSchema, type LoginBody, type PanelUser } from '@shared/api/auth';
import { apiRequest } from '@web/lib/api-client';

/** POST /auth/login: sets the session cookie and answers with the user. */
export async function signIn(body: LoginBody): Promise<PanelUser> {
  const answer = await apiRequest('/auth/login', { method: 'POST', body, schema: loginResponseSchema });
  return answer.user;
}
