import type { AuditEntryView } from '@shared/api/audit';
import { useTranslation } from 'react-i18next';

/** A value as the log shows it: text as is, yes/no for switches, a dash for nothing. */
function shown(value: unknown, yes: string, no: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? yes : no;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields an action changed, old -> new; a dash when it changed none. */
export function ChangesList({ changes }: { changes: AuditEntryView['changes'] }) {
  const { t } = useTranslation('panel');
  const yes = t('activity.yes');
  const no = t('activity.no');
  const entries = Object.entries(changes);
  if (entries.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="grid gap-0.5 text-sm">
      {entries.map(([field, [before, after]]) => (
        <li key={field}>
          <span className="font-medium">{field}</span>: <bdi>{shown(before, yes, no)}</bdi>{' '}
          <span aria-label={t('activity.becomes')}>→</span> <bdi>{shown(after, yes, no)}</bdi>
        </li>
      ))}
    </ul>
  );
}

/** An action's name in the reader's language (the event type when the panel does not know it). */
export function useActionLabel(): (action: string) => string {
  const { t } = useTranslation('panel');
  return (action) => t(`activity.actions.${action}`, { defaultValue: action });
}

/** Who acted, in words: the account's name or the device's MAC, else the role. */
export function useActorLabel(): (actor: AuditEntryView['actor']) => string {
  const { t } = useTranslation('panel');
  return (actor) => actor.label ?? t(`activity.roles.${actor.role}`);
}
