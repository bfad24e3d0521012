import type { ContactMessageView } from '@shared/api/contact';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@web/components/data-table';
import { Badge } from '@web/components/ui/badge';
import { alignWithSurroundingText } from '@web/lib/bidi';
import { formatDateTime } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { MessageActions } from './message-row-actions';

/** From, subject and message, when it came, read or not, and the row's actions. */
export function useMessageColumns(): DataTableColumn<ContactMessageView>[] {
  const { t, i18n } = useTranslation('panel-messages');
  return [
    {
      id: 'from',
      header: t('columns.from'),
      className: 'align-top',
      headerClassName: 'w-56',
      cell: (message) => (
        <>
          {/* What visitors typed, each in its own direction, lined up with the column. */}
          <span dir="auto" className={cn('block font-medium', alignWithSurroundingText)}>
            {message.name}
          </span>
          <a
            href={`mailto:${message.email}`}
            className={cn(
              'block break-all text-sm text-muted-foreground hover:text-foreground hover:underline',
              alignWithSurroundingText,
            )}
            dir="ltr"
          >
            {message.email}
          </a>
        </>
      ),
    },
    {
      id: 'subject',
      header: t('columns.subject'),
      className: 'align-top',
      cell: (message) => (
        <>
          <span dir="auto" className={cn('block font-medium', alignWithSurroundingText)}>
            {message.subject}
          </span>
          <span
            dir="auto"
            className={cn(
              'mt-1 block whitespace-pre-line text-sm text-muted-foreground',
              alignWithSurroundingText,
            )}
          >
            {message.message}
          </span>
        </>
      ),
    },
    {
      id: 'received',
      header: t('columns.received'),
      className: 'align-top text-sm',
      headerClassName: 'w-44',
      cell: (message) => formatDateTime(message.created_at, i18n.language),
    },
    {
      id: 'status',
      header: t('columns.status'),
      className: 'align-top',
      headerClassName: 'w-28',
      cell: (message) => (
        <Badge tone={message.read ? 'neutral' : 'info'}>
          {message.read ? t('status.read') : t('status.unread')}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: t('columns.actions'),
      className: 'align-top',
      headerClassName: 'w-56',
      align: 'end',
      cell: (message) => <MessageActions message={message} />,
    },
  ];
}
