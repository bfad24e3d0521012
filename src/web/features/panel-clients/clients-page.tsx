import type { ClientRegistrationView } from '@shared/api/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@web/components/data-table';
import { PageIntro } from '@web/components/page-intro';
import { PaginationBar } from '@web/components/ui/pagination';
import { ClientDetailDialog } from './client-detail-dialog';
import { ClientStatusCounts } from './client-status-counts';
import { useClientColumns } from './clients-columns';
import { ClientsFilterBar } from './clients-filter-bar';
import { useClientsList } from './use-clients-list';

/** Client Registrations (admins only; the route sends anyone else to /dashboard/home). */
export function ClientsPage() {
  const { t } = useTranslation('panel-network');
  const { filters, update, query, clients, meta, range } = useClientsList();
  const [selected, setSelected] = useState<ClientRegistrationView | null>(null);
  const columns = useClientColumns(setSelected);

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title={t('clients.title')} intro={t('clients.intro')} />
      <ClientStatusCounts />
      <ClientsFilterBar filters={filters} update={update} />
      <div className="grid gap-3">
        <DataTable
          columns={columns}
          query={query}
          rows={clients}
          rowKey={(client) => client.id}
          caption={t('clients.title')}
          empty={t('clients.empty')}
          failure={t('clients.loadFailed')}
        />
        {meta && meta.total > 0 ? (
          <PaginationBar
            from={range.from}
            to={range.to}
            total={meta.total}
            page={meta.page}
            lastPage={meta.totalPages}
            onPageChange={(page) => update({ page })}
          />
        ) : null}
      </div>
      <ClientDetailDialog client={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
