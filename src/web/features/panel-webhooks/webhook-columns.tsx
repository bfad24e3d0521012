import type { WebhookView } from '@shared/api/webhook';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@web/components/data-table';
import { Badge } from '@web/components/ui/badge';
import { formatDate } from '@web/lib/format';
import { WebhookActions } from './webhook-actions';

/** URL, events, state, created, and the endpoint's actions. */
export function useWebhookColumns(
  onShowDeliveries: (endpoint: WebhookView) => void,
): DataTableColumn<WebhookView>[] {
  const { t, i18n } = useTranslation('panel-network');
  return [
    {
      id: 'url',
      header: t('webhooks.table.url'),
      cell: (endpoint) => (
        <span dir="ltr" className="break-all font-mono text-xs">
          {endpoint.url}
        </span>
      ),
    },
    {
      id: 'events',
      header: t('webhooks.table.events'),
      cell: (endpoint) => (
        <span className="flex flex-wrap gap-1">
          {endpoint.events.map((event) => (
            <Badge key={event} tone="info" className="font-mono" dir="ltr">
              {event}
            </Badge>
          ))}
        </span>
      ),
    },
    {
      id: 'state',
      header: t('webhooks.table.state'),
      cell: (endpoint) =>
        endpoint.enabled ? (
          <Badge tone="success">{t('webhooks.enabled')}</Badge>
        ) : (
          <Badge tone="danger">{t('webhooks.disabled')}</Badge>
        ),
    },
    {
      id: 'created',
      header: t('webhooks.table.created'),
      cell: (endpoint) => formatDate(endpoint.created_at, i18n.language),
    },
    {
      id: 'actions',
      header: t('webhooks.table.actions'),
      align: 'end',
      cell: (endpoint) => (
        <WebhookActions endpoint={endpoint} onShowDeliveries={() => onShowDeliveries(endpoint)} />
      ),
    },
  ];
}
