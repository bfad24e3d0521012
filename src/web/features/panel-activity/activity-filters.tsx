import { AUDIT_ACTOR_ROLES, type AuditFilters, auditQuerySchema } from '@shared/api/audit';
import { Filter } from 'lucide-react';
import { type ComponentProps, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useActionLabel } from '@web/components/audit/audit-entry-parts';
import { ListFilterSelect } from '@web/components/list-page';

/** The action families the filter offers (an action's first part, e.g. `device` of `device.activated`). */
export const ACTION_FAMILIES = [
  'device',
  'playlist',
  'credits',
  'reseller',
  'auth',
  'viewer',
  'two_factor',
  'account',
  'device_message',
  'registration',
  'contact',
  'password_reset',
  'password',
  'api_key',
  'webhook',
  'link',
] as const;

/** The filters in the address bar (so a filtered view can be bookmarked or shared); bad values are dropped. */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const key of ['actor', 'role', 'action', 'target', 'from', 'to'] as const) {
    const value = params.get(key);
    if (!value) continue;
    const parsed = auditQuerySchema.shape[key].safeParse(value);
    // Each key's own schema parsed it, so the value fits that key (TypeScript cannot pair them here).
    if (parsed.success && parsed.data) Object.assign(filters, { [key]: parsed.data });
  }
  return filters;
}

/** Who (by name or kind), what, on what, between which days: applied together with Apply, not on every keystroke. */
export function ActivityFilters({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const { t } = useTranslation('panel');
  const actionLabel = useActionLabel();
  const [draft, setDraft] = useState<AuditFilters>(filters);
  // An address may name one whole action (`?action=reseller.created`), which the server filters by:
  // offered too, so the select shows what the list is filtered by rather than "All actions".
  const wholeAction =
    draft.action && !(ACTION_FAMILIES as readonly string[]).includes(draft.action) ? draft.action : null;
  const set = (key: keyof AuditFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  /** One labelled text or date field of the filters. */
  const field = (key: 'actor' | 'target' | 'from' | 'to', props: ComponentProps<typeof Input>) => (
    <div className="grid gap-2">
      <Label htmlFor={`activity-${key}`}>{t(`activity.filters.${key}`)}</Label>
      <Input
        id={`activity-${key}`}
        value={draft[key] ?? ''}
        onChange={(e) => set(key)(e.target.value)}
        {...props}
      />
    </div>
  );

  /** One of the filters' selects, "all" (no filter) first. */
  const choice = (key: 'role' | 'action', allLabel: string, options: { value: string; label: string }[]) => (
    <ListFilterSelect
      id={`activity-${key}`}
      label={t(`activity.filters.${key}`)}
      value={draft[key] ?? ''}
      onValueChange={set(key)}
      allLabel={allLabel}
      options={options}
    />
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(readAuditFilters(new URLSearchParams(Object.entries(draft).filter(([, v]) => v) as string[][])));
  }

  return (
    <form
      role="search"
      aria-label={t('activity.filters.label')}
      onSubmit={submit}
      className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3 lg:items-end 2xl:grid-cols-[repeat(6,minmax(0,1fr))_auto]"
    >
      {field('actor', { maxLength: 100 })}
      {choice(
        'role',
        t('activity.filters.allRoles'),
        AUDIT_ACTOR_ROLES.map((role) => ({ value: role, label: t(`activity.roles.${role}`) })),
      )}
      {choice('action', t('activity.filters.allActions'), [
        ...(wholeAction ? [{ value: wholeAction, label: actionLabel(wholeAction) }] : []),
        ...ACTION_FAMILIES.map((family) => ({ value: family, label: t(`activity.families.${family}`) })),
      ])}
      {field('target', { maxLength: 100, placeholder: t('activity.filters.targetPlaceholder') })}
      {field('from', { type: 'date' })}
      {field('to', { type: 'date' })}
      {/* Below the fields in three columns, on a row of its own at its end; beside them when wider. */}
      <Button type="submit" className="lg:col-span-3 lg:justify-self-end 2xl:col-span-1">
        <Filter aria-hidden="true" />
        {t('activity.filters.apply')}
      </Button>
    </form>
  );
}
