import { useTranslation } from 'react-i18next';
import { DataTable } from '@web/components/data-table';
import { PageIntro } from '@web/components/page-intro';
import { Pagination } from '@web/components/ui/pagination';
import { useMessageColumns } from './messages-columns';
import { useMessagesList } from './use-messages-list';

/**
 * /dashboard/messages (admins): what visitors sent with the website's contact form, newest first.
 * New messages stand out until an admin marks them read; Reply opens the admin's mail program.
 */
export function MessagesPage() {
  const { t } = useTranslation('panel-messages');
  const { page, goTo, query, messages, meta } = useMessagesList();
  const columns = useMessageColumns();

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title={t('title')} intro={t('intro')}>
        {meta ? <p className="text-sm font-medium">{t('total', { count: meta.total })}</p> : null}
      </PageIntro>
      <DataTable
        columns={columns}
        query={query}
        rows={messages}
        rowKey={(message) => message.id}
        rowClassName={(message) => (message.read ? undefined : 'bg-primary/5')}
        caption={t('title')}
        loadingLabel={t('loading')}
        empty={t('empty')}
        failure={t('loadFailed')}
        announceFailure
      />
      {meta ? <Pagination page={page} lastPage={meta.totalPages} onPageChange={goTo} /> : null}
    </div>
  );
}
