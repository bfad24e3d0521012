import type { ApiKeyView } from '@shared/api/api-key';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@web/components/data-table';
import { Badge } from '@web/components/ui/badge';
import { formatDate, formatDateTime } from '@web/lib/format';
import { RevokeApiKeyButton } from './revoke-api-key-button';

/** Name, scopes, the secret's prefix, created, last use, expiry, and Revoke. */
export function useApiKeyColumns(): DataTableColumn<ApiKeyView>[] {
  const { t, i18n } = useTranslation('panel-network');
  const lng = i18n.language;
  return [
    { id: 'name', header: t('apiKeys.table.name'), className: 'font-medium', cell: (key) => key.name },
    {
      id: 'scopes',
      header: t('apiKeys.table.scopes'),
      cell: (key) => (
        <span className="flex flex-wrap gap-1">
          {key.scopes.map((scope) => (
            <Badge key={scope} tone="info" className="font-mono" dir="ltr">
              {scope}
            </Badge>
          ))}
        </span>
      ),
    },
    {
      id: 'prefix',
      header: t('apiKeys.table.prefix'),
      cell: (key) => (
        <span dir="ltr" className="font-mono text-xs">
          {key.prefix}…
        </span>
      ),
    },
    { id: 'created', header: t('apiKeys.table.created'), cell: (key) => formatDate(key.created_at, lng) },
    {
      id: 'lastUsed',
      header: t('apiKeys.table.lastUsed'),
      cell: (key) =>
        key.last_used_at ? (
          <span className="flex flex-col">
            <span>{formatDateTime(key.last_used_at, lng)}</span>
            <span dir="ltr" className="font-mono text-xs text-muted-foreground">
              {key.last_used_ip}
            </span>
          </span>
        ) : (
          <span className="text-muted-foreground">{t('apiKeys.never')}</span>
        ),
    },
    {
      id: 'expires',
      header: t('apiKeys.table.expires'),
      cell: (key) =>
        key.expires_at ? (
          formatDate(key.expires_at, lng)
        ) : (
          <span className="text-muted-foreground">{t('apiKeys.noExpiry')}</span>
        ),
    },
    {
      id: 'actions',
      header: t('apiKeys.table.actions'),
      align: 'end',
      cell: (key) => <RevokeApiKeyButton apiKey={key} />,
    },
  ];
}
