import { markNotificationsReadResponseSchema } from '@shared/api/notification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { PanelSession } from '@web/lib/panel-session';
import { queryKeys } from '@web/lib/query-keys';

function markReadInSession(session: PanelSession | undefined, ids: number[]): PanelSession | undefined {
  if (!session) return session;
  return {
    ...session,
    notifications: session.notifications.map((notification) =>
      ids.includes(notification.id) ? { ...notification, read: true } : notification,
    ),
  };
}

/**
 * POST /notifications/read: only the signed-in user's own notifications change. The session shows
 * them read at once.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      await apiRequest('/notifications/read', {
        method: 'POST',
        body: { ids },
        schema: markNotificationsReadResponseSchema,
      });
    },
    onMutate: (ids) => {
      queryClient.setQueryData<PanelSession>(queryKeys.session, (session) => markReadInSession(session, ids));
    },
    // Re-check the session either way: it brings newer notifications, or the true state after a failure.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
