import {
  CLIENT_PLANS,
  CLIENT_STATUSES,
  type ClientPlan,
  type ClientRegistrationView,
  type ClientStatus,
} from '@shared/api/client';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, Clock, Eye, Users } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilterSelect, ListSearchField } from '@web/components/list-page';
import { PageIntro } from '@web/components/page-intro';
import { Badge, toneForStatus } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { PaginationBar } from '@web/components/ui/pagination';
import { StatCard } from '@web/components/ui/stat-card';
import {
  Table,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableStatusBody,
} from '@web/components/ui/table';
import { formatDate, formatNumber } from '@web/lib/format';
import { clientCountQuery, clientsQuery } from './api';
import { ClientDetailDialog } from './client-detail-dialog';

const PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;

/** The search is sent once the user stops typing for a moment, not on every key. */
function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function StatusCount({
  status,
  label,
  icon,
}: {
  status: ClientStatus | '';
  label: string;
  icon: typeof Users;
}) {
  const { i18n } = useTranslation();
  const count = useQuery(clientCountQuery(status));
  return (
    <StatCard
      label={label}
      value={count.data === undefined ? '–' : formatNumber(count.data, i18n.language)}
      icon={icon}
    />
  );
}

/** Client Registrations (admins only; the route sends anyone else to /dashboard/home). */
export function ClientsPage() {
  const { t, i18n } = useTranslation('panel-network');
  const lng = i18n.language;
  const ids = useId();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const [status, setStatus] = useState<ClientStatus | ''>('');
  const [plan, setPlan] = useState<ClientPlan | ''>('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ClientRegistrationView | null>(null);

  // A new filter starts again from the first page (adjusted during render, not in an effect).
  const filterKey = `${search}|${status}|${plan}`;
  const [lastFilterKey, setLastFilterKey] = useState(filterKey);
  if (filterKey !== lastFilterKey) {
    setLastFilterKey(filterKey);
    setPage(1);
  }

  const clients = useQuery(clientsQuery({ page, limit: PAGE_SIZE, search, status, plan }));
  const rows = clients.data?.data ?? [];
  const meta = clients.data?.meta;
  const columns = 6;
  const from = meta && meta.total > 0 ? (meta.page - 1) * meta.limit + 1 : 0;
  const to = meta ? Math.min(meta.page * meta.limit, meta.total) : 0;

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title={t('clients.title')} intro={t('clients.intro')} />

      <section aria-label={t('clients.stats.label')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatusCount status="" label={t('clients.stats.total')} icon={Users} />
        <StatusCount status="Pending" label={t('clients.stats.pending')} icon={Clock} />
        <StatusCount status="Approved" label={t('clients.stats.approved')} icon={CircleCheck} />
        <StatusCount status="Rejected" label={t('clients.stats.rejected')} icon={CircleX} />
      </section>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <ListSearchField
          id={`${ids}-search`}
          label={t('clients.filters.search')}
          value={searchText}
          onValueChange={setSearchText}
          placeholder={t('clients.filters.searchPlaceholder')}
          className="col-span-2 lg:col-span-1"
        />
        <ListFilterSelect
          id={`${ids}-status`}
          label={t('clients.filters.status')}
          value={status}
          onValueChange={setStatus}
          allLabel={t('clients.filters.allStatuses')}
          options={CLIENT_STATUSES.map((value) => ({ value, label: t(`clients.statuses.${value}`) }))}
        />
        <ListFilterSelect
          id={`${ids}-plan`}
          label={t('clients.filters.plan')}
          value={plan}
          onValueChange={setPlan}
          allLabel={t('clients.filters.allPlans')}
          options={CLIENT_PLANS.map((value) => ({ value, label: t(`clients.plans.${value}`) }))}
        />
      </div>

      <div className="grid gap-3">
        <Table aria-label={t('clients.title')} aria-busy={clients.isFetching}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('clients.table.name')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('clients.table.mac')}</TableHead>
              <TableHead className="hidden lg:table-cell">{t('clients.table.plan')}</TableHead>
              <TableHead>{t('clients.table.status')}</TableHead>
              <TableHead className="hidden lg:table-cell">{t('clients.table.date')}</TableHead>
              <TableHead className="text-end">{t('clients.table.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableStatusBody
            colSpan={columns}
            query={clients}
            failure={t('clients.loadFailed')}
            empty={rows.length === 0 ? t('clients.empty') : null}
          >
            {rows.map((client) => (
              <TableRow key={client.id}>
                <TableCell>
                  <div className="grid min-w-32 gap-0.5">
                    <span className="font-medium">{client.name}</span>
                    <span dir="ltr" className="truncate text-start text-xs text-muted-foreground">
                      {client.email}
                    </span>
                    <span dir="ltr" className="text-start font-mono text-xs text-muted-foreground md:hidden">
                      {client.mac}
                    </span>
                  </div>
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  <span dir="ltr" className="font-mono text-xs">
                    {client.mac}
                  </span>
                </TableCell>
                <TableCell className="hidden lg:table-cell">{t(`clients.plans.${client.plan}`)}</TableCell>
                <TableCell>
                  <Badge tone={toneForStatus(client.status)}>{t(`clients.statuses.${client.status}`)}</Badge>
                </TableCell>
                <TableCell className="hidden lg:table-cell whitespace-nowrap">
                  {formatDate(client.updated_at, lng)}
                </TableCell>
                <TableCell className="text-end">
                  <Button
                    variant={client.status === 'Pending' ? 'default' : 'outline'}
                    size="sm"
                    aria-label={
                      client.status === 'Pending'
                        ? t('clients.reviewLabel', { name: client.name })
                        : t('clients.viewLabel', { name: client.name })
                    }
                    onClick={() => setSelected(client)}
                  >
                    <Eye aria-hidden="true" />
                    <span className="hidden sm:inline">
                      {client.status === 'Pending' ? t('clients.review') : t('clients.view')}
                    </span>
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableStatusBody>
        </Table>
        {meta && meta.total > 0 ? (
          <PaginationBar
            from={from}
            to={to}
            total={meta.total}
            page={meta.page}
            lastPage={meta.totalPages}
            onPageChange={setPage}
          />
        ) : null}
      </div>

      <ClientDetailDialog client={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
