import { Download, Megaphone } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@web/components/data-table';
import { PageIntro } from '@web/components/page-intro';
import { buttonVariants } from '@web/components/ui/button-variants';
import { PaginationBar } from '@web/components/ui/pagination';
import { exportCsvHref, messageDevicesHref } from './device-filters';
import { useDeviceColumns } from './devices-columns';
import { DevicesFilterBar, PageSizeSelect } from './devices-filter-bar';
import { useDevicesList } from './use-devices-list';

/** Manage Devices: filters, search, page size, the table, and the edit, ban and delete actions. */
export function DevicesPage() {
  const { t } = useTranslation('panel-devices');
  const captionId = useId();
  const { filters, update, query, devices, pagination } = useDevicesList();
  const columns = useDeviceColumns();

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title={t('devices.title')} intro={t('devices.intro')} />
      <DevicesFilterBar filters={filters} update={update} />

      <section aria-labelledby={captionId} className="grid gap-4">
        {/* On a phone the actions go under the heading, starting at its edge, rather than squeezed beside it. */}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={captionId} className="text-lg font-semibold">
            {t('devices.table.caption')}
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            {pagination ? (
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {t('devices.total', { count: pagination.total })}
              </p>
            ) : null}
            {/* A plain link: the browser streams the file to disk, with the session cookie. */}
            <a
              href={exportCsvHref(filters)}
              download
              title={t('devices.exportHint')}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              <Download aria-hidden="true" />
              {t('devices.export')}
            </a>
            <Link
              to={messageDevicesHref(filters)}
              title={t('devices.messageHint')}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              <Megaphone aria-hidden="true" />
              {t('devices.message')}
            </Link>
          </div>
        </div>
        <DataTable
          columns={columns}
          query={query}
          rows={devices}
          rowKey={(device) => device.id}
          caption={t('devices.table.caption')}
          loadingLabel={t('devices.loading')}
          empty={t('devices.empty')}
          failure={t('devices.fetchFailed')}
          announceFailure
          className="bg-card"
        />
        {pagination && pagination.total > 0 ? (
          <PaginationBar
            from={pagination.from ?? 0}
            to={pagination.to ?? 0}
            total={pagination.total}
            page={pagination.current_page}
            lastPage={pagination.last_page}
            onPageChange={(page) => update({ page })}
          >
            <PageSizeSelect value={filters.per_page} onChange={(per_page) => update({ per_page })} />
          </PaginationBar>
        ) : null}
      </section>
    </div>
  );
}
