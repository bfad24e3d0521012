import type { AuditFilters } from '@shared/api/audit';
import { Download } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '@web/components/data-table';
import { PageIntro } from '@web/components/page-intro';
import { Button } from '@web/components/ui/button';
import { buttonVariants } from '@web/components/ui/button-variants';
import { usePanelUser } from '@web/lib/panel-session';
import { ActivityFilters, readAuditFilters } from './activity-filters';
import { useActivityColumns } from './activity-columns';
import { filterParams, useAuditLog } from '@web/components/audit/use-audit-log';
import { auditCsvHref } from './api';

/**
 * Activity (/dashboard/activity): the audit log, newest first: an admin's holds everything, a
 * reseller's what it and its sub-resellers did. Filters live in the address bar; Export CSV
 * downloads every entry they select.
 */
export function ActivityPage() {
  const { t } = useTranslation('panel');
  const captionId = useId();
  const isAdmin = usePanelUser().role === 'admin';
  const [params, setParams] = useSearchParams();
  const filters = readAuditFilters(params);
  const { query, entries } = useAuditLog(filters);
  const columns = useActivityColumns();

  function apply(next: AuditFilters) {
    setParams(new URLSearchParams(filterParams(next)));
  }

  return (
    <div className="flex flex-col gap-6">
      <PageIntro
        title={t('activity.title')}
        intro={isAdmin ? t('activity.introAdmin') : t('activity.intro')}
      />
      {/* Keyed by the applied filters, so the form shows them again after the address changes. */}
      <ActivityFilters key={params.toString()} filters={filters} onApply={apply} />
      <section aria-labelledby={captionId} className="grid gap-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id={captionId} className="text-lg font-semibold">
            {t('activity.table.caption')}
          </h2>
          {/* A plain link: the browser streams the file to disk, with the session cookie. */}
          <a
            href={auditCsvHref(filters)}
            download
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <Download aria-hidden="true" />
            {t('activity.export')}
          </a>
        </div>
        <DataTable
          columns={columns}
          query={query}
          rows={entries}
          rowKey={(entry) => entry.id}
          caption={t('activity.table.caption')}
          empty={t('activity.empty')}
          failure={t('activity.loadFailed')}
        />
        {query.hasNextPage ? (
          <Button
            variant="outline"
            className="self-center"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('activity.more')}
          </Button>
        ) : null}
      </section>
    </div>
  );
}
