import type { Notification } from '@shared/api/auth';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '@web/components/relative-time';
import { DropdownMenuItem } from '@web/components/ui/dropdown-menu';
import { cn } from '@web/lib/utils';
import { notificationText } from './notification-text';

/** One notification in the bell's menu: a dot while unread, its text, and how long ago it came. */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const { t } = useTranslation('panel');
  const isNew = !notification.read;
  return (
    <DropdownMenuItem className="items-start gap-2.5 py-2" onSelect={() => onOpen(notification)}>
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', isNew ? 'bg-primary' : 'bg-transparent')}
      />
      <span className="grid min-w-0 gap-0.5">
        {isNew ? <span className="sr-only">{t('shell.newNotification')}</span> : null}
        <span className={cn('whitespace-normal break-words', isNew && 'font-semibold')}>
          {notificationText(notification, t)}
        </span>
        <RelativeTime value={notification.created_at} className="text-xs text-muted-foreground" />
      </span>
    </DropdownMenuItem>
  );
}
