import type { Notification } from '@shared/api/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { formatNumber } from '@web/lib/format';
import { sessionQueryKey } from '@web/lib/panel-session';
import { useMarkNotificationsRead } from './api';
import { NotificationItem } from './notification-item';
import { notificationTarget } from './notification-text';
import { NOTIFICATIONS_HOTKEY, useNotificationsHotkey } from './use-notifications-hotkey';

/**
 * The bell: its badge counts the unread notifications that /auth/check returned. Opening it (click,
 * Enter, or F8 anywhere in the panel) checks for newer ones; each notification opens what it is about
 * and is marked read then, and "Mark all as read" marks the rest.
 */
export function NotificationsMenu({ notifications }: { notifications: Notification[] }) {
  const { t, i18n } = useTranslation('panel');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // Read by a closed menu's last callback (below), which runs after the menu may have opened again.
  const openNow = useRef(false);
  const navigate = useNavigate();
  const read = useMarkNotificationsRead();
  const unread = notifications.filter((notification) => !notification.read);

  function changeOpen(next: boolean) {
    openNow.current = next;
    setOpen(next);
    if (next) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }

  function openNotification(notification: Notification) {
    if (!notification.read) read.mutate([notification.id]);
    const target = notificationTarget(notification);
    if (target) void navigate(target);
  }

  useNotificationsHotkey(() => changeOpen(!open));

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
              {formatNumber(unread.length, i18n.language)}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="w-80 max-w-[calc(100vw-2rem)]"
        // A closed menu hands focus back to the bell in a timer of its own. With F8 pressed again
        // before that timer ran, the focus left the menu just opened, which took it for a click away
        // and closed: the second menu keeps the focus instead.
        onCloseAutoFocus={(event) => {
          if (openNow.current) event.preventDefault();
        }}
      >
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
          // A long list scrolls. Arrow keys reach every item, but the box can take focus too, so it can be
          // scrolled from the keyboard like any other scrolling region (axe: scrollable-region-focusable).
          <DropdownMenuGroup
            aria-label={t('shell.notifications')}
            tabIndex={0}
            className="max-h-96 overflow-y-auto rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {notifications.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onOpen={openNotification} />
            ))}
          </DropdownMenuGroup>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
