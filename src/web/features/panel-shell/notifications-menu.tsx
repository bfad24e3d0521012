import type { Notification } from '@shared/api/auth';
import { markNotificationsReadResponseSchema } from '@shared/api/notification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { apiRequest } from '@web/lib/api-client';
import { formatDateTime, formatNumber, formatRelativeTime } from '@web/lib/format';
import { sessionQueryKey, type PanelSession } from '@web/lib/panel-session';
import { cn } from '@web/lib/utils';
import { notificationTarget, notificationText } from './notification-text';

/** docs/product.md: F8 opens (and closes) the notifications. */
export const NOTIFICATIONS_HOTKEY = 'F8';

/** POST /notifications/read: only the signed-in user's own notifications change. */
async function markRead(ids: number[]): Promise<void> {
  await apiRequest('/notifications/read', {
    method: 'POST',
    body: { ids },
    schema: markNotificationsReadResponseSchema,
  });
}

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
 * The bell: its badge counts the unread notifications that /auth/check returned. Opening it (click,
 * Enter, or F8 anywhere in the panel) checks for newer ones; each notification opens what it is about
 * and is marked read then, and "Mark all as read" marks the rest.
 */
export function NotificationsMenu({ notifications }: { notifications: Notification[] }) {
  const { t, i18n } = useTranslation('panel');
  const lng = i18n.language;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const unread = notifications.filter((notification) => !notification.read);

  const read = useMutation({
    mutationFn: markRead,
    onMutate: (ids) => {
      queryClient.setQueryData<PanelSession>(sessionQueryKey, (session) => markReadInSession(session, ids));
    },
    // Re-check the session either way: it brings newer notifications, or the true state after a failure.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });

  function changeOpen(next: boolean) {
    setOpen(next);
    if (next) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }

  function openNotification(notification: Notification) {
    if (!notification.read) read.mutate([notification.id]);
    const target = notificationTarget(notification);
    if (target) void navigate(target);
  }

  const toggle = useEffectEvent(() => changeOpen(!open));
  useEffect(() => {
    // In the panel F8 belongs to the bell (docs/decisions/0007): caught first, on the way down, so the
    // toaster's own F8 (focus the toasts, used on the public pages) does not also act on it.
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== NOTIFICATIONS_HOTKEY || event.repeat) return;
      event.preventDefault();
      event.stopPropagation();
      toggle();
    }
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);

  return (
    <DropdownMenu open={open} onOpenChange={changeOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={t('shell.notificationsLabel', { count: unread.length })}
          aria-keyshortcuts={NOTIFICATIONS_HOTKEY}
          title={t('shell.notificationsHint', { hotkey: NOTIFICATIONS_HOTKEY })}
        >
          <Bell aria-hidden="true" />
          {unread.length > 0 ? (
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -end-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold text-destructive-foreground"
            >
              {formatNumber(unread.length, lng)}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-2rem)]">
        <DropdownMenuLabel className="flex items-center justify-between gap-2">
          {t('shell.notifications')}
          <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-[0.7rem] font-normal text-muted-foreground">
            {NOTIFICATIONS_HOTKEY}
          </kbd>
        </DropdownMenuLabel>
        {unread.length > 0 ? (
          <DropdownMenuItem
            className="justify-center text-sm font-medium text-primary"
            // Stays open: the list is still there to read.
            onSelect={(event) => {
              event.preventDefault();
              read.mutate(unread.map((notification) => notification.id));
            }}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            {t('shell.markAllRead')}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        {notifications.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">{t('shell.noNotifications')}</p>
        ) : (
          <div className="max-h-96 overflow-y-auto">
            {notifications.map((notification) => {
              const isNew = !notification.read;
              return (
                <DropdownMenuItem
                  key={notification.id}
                  className="items-start gap-2.5 py-2"
                  onSelect={() => openNotification(notification)}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'mt-1.5 size-2 shrink-0 rounded-full',
                      isNew ? 'bg-primary' : 'bg-transparent',
                    )}
                  />
                  <span className="grid min-w-0 gap-0.5">
                    {isNew ? <span className="sr-only">{t('shell.newNotification')}</span> : null}
                    <span className={cn('whitespace-normal break-words', isNew && 'font-semibold')}>
                      {notificationText(notification, t)}
                    </span>
                    <time
                      dateTime={notification.created_at}
                      title={formatDateTime(notification.created_at, lng)}
                      className="text-xs text-muted-foreground"
                    >
                      {formatRelativeTime(notification.created_at, lng)}
                    </time>
                  </span>
                </DropdownMenuItem>
              );
            })}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
