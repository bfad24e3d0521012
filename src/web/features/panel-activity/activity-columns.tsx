import type { AuditEntryView } from '@shared/api/audit';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@web/components/data-table';
import { Badge } from '@web/components/ui/badge';
import { formatDateTime } from '@web/lib/format';

/** A value as the log shows it: text as is, yes/no for switches, a dash for nothing. */
function shown(value: unknown, yes: string, no: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? yes : no;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** When, who (role, API key, address), what, on what, and the fields that changed. */
export function useActivityColumns(): DataTableColumn<AuditEntryView>[] {
  const { t, i18n } = useTranslation('panel');
  const yes = t('activity.yes');
  const no = t('activity.no');
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
            {actor.label ?? t(`activity.roles.${actor.role}`)}
          </span>
          <span className="text-sm text-muted-foreground">
            {t(`activity.roles.${actor.role}`)}
            {actor.api_key ? ` · ${t('activity.viaKey', { name: actor.api_key })}` : ''}
          </span>
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
      cell: (entry) => (
        <Badge title={entry.action}>
          {t(`activity.actions.${entry.action}`, { defaultValue: entry.action })}
        </Badge>
      ),
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
      cell: (entry) => {
        const changes = Object.entries(entry.changes);
        if (changes.length === 0) return <span className="text-muted-foreground">—</span>;
        return (
          <ul className="grid gap-0.5 text-sm">
            {changes.map(([field, [before, after]]) => (
              <li key={field}>
                <span className="font-medium">{field}</span>: <bdi>{shown(before, yes, no)}</bdi>{' '}
                <span aria-label={t('activity.becomes')}>→</span> <bdi>{shown(after, yes, no)}</bdi>
              </li>
            ))}
          </ul>
        );
      },
    },
  ];
}
