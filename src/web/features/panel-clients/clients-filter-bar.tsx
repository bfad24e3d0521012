import { CLIENT_PLANS, CLIENT_STATUSES } from '@shared/api/client';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilterSelect, ListSearchField } from '@web/components/list-page';
import { useListSearch } from '@web/lib/use-list-search';
import type { ClientListFilters } from './client-filters';

/** The search is applied once the user stops typing for a moment, not on every key. */
const SEARCH_DELAY_MS = 300;

/** Search by name, e-mail or MAC; status and plan. */
export function ClientsFilterBar({
  filters,
  update,
}: {
  filters: ClientListFilters;
  update: (change: Partial<ClientListFilters>) => void;
}) {
  const { t } = useTranslation('panel-network');
  const ids = useId();
  const search = useListSearch(filters.search, (value) => update({ search: value }), {
    debounceMs: SEARCH_DELAY_MS,
  });
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <ListSearchField
        id={`${ids}-search`}
        label={t('clients.filters.search')}
        value={search.draft}
        onValueChange={search.setDraft}
        placeholder={t('clients.filters.searchPlaceholder')}
        className="col-span-2 lg:col-span-1"
      />
      <ListFilterSelect
        id={`${ids}-status`}
        label={t('clients.filters.status')}
        value={filters.status}
        onValueChange={(status) => update({ status })}
        allLabel={t('clients.filters.allStatuses')}
        options={CLIENT_STATUSES.map((value) => ({ value, label: t(`clients.statuses.${value}`) }))}
      />
      <ListFilterSelect
        id={`${ids}-plan`}
        label={t('clients.filters.plan')}
        value={filters.plan}
        onValueChange={(plan) => update({ plan })}
        allLabel={t('clients.filters.allPlans')}
        options={CLIENT_PLANS.map((value) => ({ value, label: t(`clients.plans.${value}`) }))}
      />
    </div>
  );
}
