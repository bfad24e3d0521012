import type { ClientRegistrationView } from '@shared/api/client';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@web/components/data-table';
import { Badge, toneForStatus } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { alignWithSurroundingText } from '@web/lib/bidi';
import { formatDate } from '@web/lib/format';
import { cn } from '@web/lib/utils';

/** Name (with e-mail, and the MAC on phones), MAC, plan, status, date, and Review or View. */
export function useClientColumns(
  onOpen: (client: ClientRegistrationView) => void,
): DataTableColumn<ClientRegistrationView>[] {
  const { t, i18n } = useTranslation('panel-network');
  return [
    {
      id: 'name',
      header: t('clients.table.name'),
      cell: (client) => (
        <div className="grid min-w-32 gap-0.5">
          {/* The name in its own direction and the e-mail left-to-right, both lined up with the column. */}
          <span dir="auto" className={cn('font-medium', alignWithSurroundingText)}>
            {client.name}
          </span>
          <span dir="ltr" className={cn('truncate text-xs text-muted-foreground', alignWithSurroundingText)}>
            {client.email}
          </span>
        </div>
      ),
    },
    {
      id: 'mac',
      header: t('clients.table.mac'),
      cell: (client) => (
        <span dir="ltr" className="font-mono text-xs">
          {client.mac}
        </span>
      ),
    },
    {
      id: 'plan',
      header: t('clients.table.plan'),
      className: 'hidden lg:table-cell',
      cell: (client) => t(`clients.plans.${client.plan}`),
    },
    {
      id: 'status',
      header: t('clients.table.status'),
      cell: (client) => (
        <Badge tone={toneForStatus(client.status)}>{t(`clients.statuses.${client.status}`)}</Badge>
      ),
    },
    {
      id: 'date',
      header: t('clients.table.date'),
      className: 'hidden lg:table-cell whitespace-nowrap',
      cell: (client) => formatDate(client.updated_at, i18n.language),
    },
    {
      id: 'actions',
      header: t('clients.table.actions'),
      align: 'end',
      cell: (client) => {
        const pending = client.status === 'Pending';
        return (
          <Button
            variant={pending ? 'default' : 'outline'}
            size="sm"
            aria-label={
              pending
                ? t('clients.reviewLabel', { name: client.name })
                : t('clients.viewLabel', { name: client.name })
            }
            onClick={() => onOpen(client)}
          >
            <Eye aria-hidden="true" />
            <span className="hidden sm:inline">{pending ? t('clients.review') : t('clients.view')}</span>
          </Button>
        );
      },
    },
  ];
}
