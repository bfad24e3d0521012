import type { ResellerView } from '@shared/api/reseller';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@web/components/data-table';
import { Badge, toneForStatus } from '@web/components/ui/badge';
import { alignWithSurroundingText } from '@web/lib/bidi';
import { formatDate, formatNumber } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { ResellerActions } from './reseller-row-actions';

/** Name (with e-mail and since when), phone, credits, role (admins), status, actions. */
export function useResellerColumns({
  isAdmin,
  onEdit,
}: {
  isAdmin: boolean;
  onEdit: (reseller: ResellerView) => void;
}): DataTableColumn<ResellerView>[] {
  const { t, i18n } = useTranslation('panel-network');
  const lng = i18n.language;
  const status = (reseller: ResellerView) => (
    <Badge tone={toneForStatus(reseller.status)}>
      {reseller.banned ? t('resellers.status.banned') : t('resellers.status.active')}
    </Badge>
  );
  const columns: (DataTableColumn<ResellerView> | null)[] = [
    {
      id: 'name',
      header: t('resellers.table.name'),
      cell: (reseller) => (
        <div className="grid min-w-36 gap-0.5">
          {/* The name in its own direction and the e-mail left-to-right, both lined up with the column. */}
          <span dir="auto" className={cn('font-medium', alignWithSurroundingText)}>
            {reseller.name}
          </span>
          <span dir="ltr" className={cn('truncate text-xs text-muted-foreground', alignWithSurroundingText)}>
            {reseller.email}
          </span>
          <span className="text-xs text-muted-foreground">
            {t('resellers.table.since', { date: formatDate(reseller.created_at, lng) })}
          </span>
        </div>
      ),
    },
    {
      id: 'phone',
      header: t('resellers.table.phone'),
      cell: (reseller) => <span dir="ltr">{reseller.phone ?? '—'}</span>,
    },
    {
      id: 'credits',
      header: t('resellers.table.credits'),
      align: 'end',
      cell: (reseller) => (
        <span className="font-semibold tabular-nums">{formatNumber(reseller.credits, lng)}</span>
      ),
    },
    isAdmin
      ? {
          id: 'role',
          header: t('resellers.table.role'),
          className: 'hidden lg:table-cell',
          cell: (reseller) => (
            <Badge tone={reseller.role === 'reseller' ? 'info' : 'neutral'}>
              {reseller.role === 'reseller'
                ? t('resellers.roles.reseller')
                : t('resellers.roles.sub_reseller')}
            </Badge>
          ),
        }
      : null,
    {
      id: 'status',
      header: t('resellers.table.status'),
      cell: (reseller) => status(reseller),
    },
    {
      id: 'actions',
      header: t('resellers.table.actions'),
      align: 'end',
      cell: (reseller) => <ResellerActions reseller={reseller} onEdit={onEdit} />,
    },
  ];
  return columns.filter((column) => column !== null);
}
