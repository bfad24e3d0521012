import type { AuditEntryView } from '@shared/api/audit';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@web/components/data-table';
import { Badge } from '@web/components/ui/badge';
import { ChangesList, useActionLabel, useActorLabel } from '@web/components/audit/audit-entry-parts';
import { formatDateTime } from '@web/lib/format';

/** When, who (role, API key, address), what, on what, and the fields that changed. */
export function useActivityColumns(): DataTableColumn<AuditEntryView>[] {
  const { t, i18n } = useTranslation('panel');
  const actionLabel = useActionLabel();
  const actorLabel = useActorLabel();
  return [
    {
      id: 'at',
      header: t('activity.table.at'),
      cell: (entry) => <span className="whitespace-nowrap">{formatDateTime(entry.at, i18n.language)}</span>,
    },
    {
      id: 'actor',
      header: t('activity.table.actor'),
      cell: ({ actor }) => (
        <div className="grid gap-0.5">
          <span className="font-medium" dir="auto">
            {actorLabel(actor)}
          </span>
          {/* Without a label the line above already names the role (a visitor, the system). */}
          {actor.label !== null ? (
            <span className="text-sm text-muted-foreground">
              {t(`activity.roles.${actor.role}`)}
              {actor.api_key ? ` · ${t('activity.viaKey', { name: actor.api_key })}` : ''}
            </span>
          ) : null}
          {actor.ip ? (
            <span className="text-xs text-muted-foreground" dir="ltr">
              {actor.ip}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'action',
      header: t('activity.table.action'),
      cell: (entry) => <Badge title={entry.action}>{actionLabel(entry.action)}</Badge>,
    },
    {
      id: 'target',
      header: t('activity.table.target'),
      className: 'min-w-40',
      headerClassName: 'whitespace-nowrap',
      cell: (entry) => (
        <span dir="auto" className="break-words">
          {entry.target_label ?? entry.target ?? '—'}
        </span>
      ),
    },
    {
      id: 'changes',
      header: t('activity.table.changes'),
      className: 'w-full',
      cell: (entry) => <ChangesList changes={entry.changes} />,
    },
  ];
}
