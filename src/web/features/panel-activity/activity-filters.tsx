import { type AuditFilters, auditQuerySchema } from '@shared/api/audit';
import { Filter } from 'lucide-react';
import { type ComponentProps, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { useActionLabel } from '@web/components/audit/audit-entry-parts';

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
  for (const key of ['actor', 'action', 'target', 'from', 'to'] as const) {
    const value = params.get(key);
    if (!value) continue;
    const parsed = auditQuerySchema.shape[key].safeParse(value);
    if (parsed.success && parsed.data) filters[key] = parsed.data;
  }
  return filters;
}

/** Who, what, on what, between which days: applied together with Apply, not on every keystroke. */
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

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(readAuditFilters(new URLSearchParams(Object.entries(draft).filter(([, v]) => v) as string[][])));
  }

  return (
    <form
      role="search"
      aria-label={t('activity.filters.label')}
      onSubmit={submit}
      className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end"
    >
      {field('actor', { maxLength: 100 })}
      <div className="grid gap-2">
        <Label htmlFor="activity-action">{t('activity.filters.action')}</Label>
        <Select
          id="activity-action"
          value={draft.action ?? ''}
          onChange={(e) => set('action')(e.target.value)}
        >
          <option value="">{t('activity.filters.allActions')}</option>
          {wholeAction ? <option value={wholeAction}>{actionLabel(wholeAction)}</option> : null}
          {ACTION_FAMILIES.map((family) => (
            <option key={family} value={family}>
              {t(`activity.families.${family}`)}
            </option>
          ))}
        </Select>
      </div>
      {field('target', { maxLength: 100, placeholder: t('activity.filters.targetPlaceholder') })}
      {field('from', { type: 'date' })}
      {field('to', { type: 'date' })}
      <Button type="submit">
        <Filter aria-hidden="true" />
        {t('activity.filters.apply')}
      </Button>
    </form>
  );
}
