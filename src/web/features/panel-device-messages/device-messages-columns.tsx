import type { SentDeviceMessage } from '@shared/api/device-message';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@web/components/data-table';
import { Badge } from '@web/components/ui/badge';
import { formatDateTime, formatNumber } from '@web/lib/format';
import { messageText } from '@web/lib/message-text';
import { WithdrawMessageButton } from './withdraw-message-button';

/** The message (in the panel's language when written in it), its reach, when sent and until when. */
export function useDeviceMessageColumns({
  isAdmin,
}: {
  isAdmin: boolean;
}): DataTableColumn<SentDeviceMessage>[] {
  const { t, i18n } = useTranslation('panel-devices');
  const language = i18n.language;
  return [
    {
      id: 'message',
      header: t('deviceMessages.table.message'),
      className: 'w-full',
      cell: (message) => {
        const shown = messageText(message.texts, language);
        return (
          <div className="grid gap-1">
            <p lang={shown.language} dir="auto" className="whitespace-pre-line break-words">
              {shown.text}
            </p>
            <p className="flex flex-wrap gap-1" aria-label={t('deviceMessages.table.languages')}>
              {(['en', 'fr', 'ar'] as const)
                .filter((code) => message.texts[code])
                .map((code) => (
                  <Badge key={code}>
                    <span aria-hidden="true">{code.toUpperCase()}</span>
                    <span className="sr-only">{t(`deviceMessages.form.language.${code}`)}</span>
                  </Badge>
                ))}
            </p>
          </div>
        );
      },
    },
    {
      id: 'recipients',
      header: t('deviceMessages.table.recipients'),
      align: 'end',
      cell: (message) => formatNumber(message.recipients, language),
    },
    {
      id: 'sent',
      header: t('deviceMessages.table.sent'),
      cell: (message) => (
        <div className="grid whitespace-nowrap">
          <span>{formatDateTime(message.created_at, language)}</span>
          {isAdmin && message.author ? (
            <span className="text-sm text-muted-foreground">
              {t('deviceMessages.table.by', { name: message.author })}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'expires',
      header: t('deviceMessages.table.expires'),
      cell: (message) =>
        Date.parse(message.expires_at) <= Date.now() ? (
          <Badge tone="warning">{t('deviceMessages.table.expired')}</Badge>
        ) : (
          <span className="whitespace-nowrap">{formatDateTime(message.expires_at, language)}</span>
        ),
    },
    {
      id: 'actions',
      header: t('deviceMessages.table.actions'),
      align: 'end',
      cell: (message) => <WithdrawMessageButton message={message} />,
    },
  ];
}
