import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@web/components/data-table';
import { ListToolbar } from '@web/components/list-page';
import { PageIntro } from '@web/components/page-intro';
import { usePanelUser } from '@web/lib/panel-session';
import { useLinks } from './api';
import { LinkFormDialog, type LinkDialogState } from './link-form-dialog';
import { useLinkColumns } from './links-columns';

/**
 * Applications (/dashboard/links): download links and versions of the player app. Everyone can copy
 * them; admins add, edit and delete.
 */
export function LinksPage() {
  const { t } = useTranslation('panel-network');
  const isAdmin = usePanelUser().role === 'admin';
  const links = useLinks();
  const [dialog, setDialog] = useState<LinkDialogState>(null);
  const columns = useLinkColumns({ isAdmin, onEdit: (link) => setDialog({ mode: 'edit', link }) });

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title={t('links.title')} intro={isAdmin ? t('links.introAdmin') : t('links.intro')} />
      {isAdmin ? <ListToolbar addLabel={t('links.add')} onAdd={() => setDialog({ mode: 'create' })} /> : null}
      <DataTable
        columns={columns}
        query={links}
        rows={links.data}
        rowKey={(link) => link.id}
        caption={t('links.title')}
        empty={t('links.empty')}
        failure={t('links.loadFailed')}
      />
      {isAdmin ? <LinkFormDialog state={dialog} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
