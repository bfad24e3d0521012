import { checkResponseSchema, type Notification, type PanelUser } from '@shared/api/auth';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/** What the panel knows about who is signed in; null when nobody is. */
export type PanelSession = { user: PanelUser; notifications: Notification[] } | null;

/** Cleared on sign-out (docs/product.md). */
export const PANEL_SETTINGS_STORAGE_KEY = 'panelUserSettings';

/** POST /auth/check. Any failure (401, network, bad answer) means signed out. */
async function fetchSession(): Promise<PanelSession> {
  try {
    const answer = await apiRequest('/auth/check', { method: 'POST', body: {}, schema: checkResponseSchema });
    return { user: answer.data, notifications: answer.notifs };
  } catch {
    return null;
  }
}

const sessionQuery = queryOptions({ queryKey: queryKeys.session, queryFn: fetchSession, retry: false });
export const sessionQueryKey = sessionQuery.queryKey;

export function useSession() {
  return useQuery(sessionQuery);
}

/** The signed-in user; only for components rendered inside the signed-in panel. */
export function usePanelUser(): PanelUser {
  const { data } = useSession();
  if (!data) throw new Error('usePanelUser is only for the signed-in panel');
  return data.user;
}

/** After a successful sign-in: show the panel at once, then fetch the notifications. */
export function startSession(queryClient: QueryClient, user: PanelUser): void {
  const session: PanelSession = { user, notifications: [] };
  queryClient.setQueryData(sessionQueryKey, session);
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

/** Replaces fields of the signed-in user (the balance after an activation, a preference once saved). */
export function updateSessionUser(queryClient: QueryClient, change: Partial<PanelUser>): void {
  queryClient.setQueryData(sessionQueryKey, (session) =>
    session ? { ...session, user: { ...session.user, ...change } } : session,
  );
}

/** Replaces the signed-in user's credit balance (after an activation or a transfer). */
export function updateSessionCredits(queryClient: QueryClient, credits: number): void {
  updateSessionUser(queryClient, { credits });
}

async function endSession(queryClient: QueryClient): Promise<void> {
  try {
    await apiRequest('/auth/logout', { method: 'POST', body: {} });
  } catch (error) {
    // docs/product.md: a failed logout is only logged; the session is checked again below.
    console.error('Sign-out failed', error);
  }
  try {
    window.localStorage.removeItem(PANEL_SETTINGS_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was saved there either.
  }
  // Nothing fetched for the previous user may be shown to the next one.
  queryClient.removeQueries({
    predicate: (query) =>
      !(query.queryKey[0] === sessionQueryKey[0] && query.queryKey[1] === sessionQueryKey[1]),
  });
  await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

/** Sign Out: POST /auth/logout, forget the saved panel settings, and check the session again. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => endSession(queryClient) });
}
