import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@web/components/data-table';
import { ListSearchField, ListToolbar } from '@web/components/list-page';
import { PageIntro } from '@web/components/page-intro';
import { usePanelUser } from '@web/lib/panel-session';
import { ResellerFormDialog, type ResellerDialogState } from './reseller-form-dialog';
import { ResellerStats } from './reseller-stats';
import { useResellerColumns } from './resellers-columns';
import { useResellersList } from './use-resellers-list';

/**
 * Reseller Management: admins see every reseller and sub-reseller; anyone else sees their own
 * sub-resellers, and the page is labelled Sub-Resellers for them.
 */
export function ResellersPage() {
  const { t } = useTranslation('panel-network');
  const user = usePanelUser();
  const isAdmin = user.role === 'admin';
  const { query, resellers, search, setSearch, stats } = useResellersList();
  const [dialog, setDialog] = useState<ResellerDialogState>(null);
  const columns = useResellerColumns({
    isAdmin,
    onEdit: (reseller) => setDialog({ mode: 'edit', reseller }),
  });
  const title = isAdmin ? t('resellers.title') : t('resellers.titleSub');

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title={title} intro={isAdmin ? t('resellers.intro') : t('resellers.introSub')} />
      <ResellerStats stats={stats} loading={query.isPending} />
      <ListToolbar
        addLabel={isAdmin ? t('resellers.add') : t('resellers.addSub')}
        // RESELLER_TREE_DEPTH: the tree's last level cannot add accounts below it.
        onAdd={user.canAddSubResellers ? () => setDialog({ mode: 'create' }) : undefined}
      >
        <ListSearchField
          id="reseller-search"
          label={t('resellers.searchLabel')}
          value={search}
          onValueChange={setSearch}
          placeholder={t('resellers.searchPlaceholder')}
          className="w-full sm:max-w-sm"
        />
      </ListToolbar>
      <DataTable
        columns={columns}
        query={query}
        rows={resellers}
        rowKey={(reseller) => reseller.id}
        caption={title}
        empty={t('resellers.empty')}
        failure={t('resellers.loadFailed')}
      />
      <ResellerFormDialog
        state={dialog}
        onClose={() => setDialog(null)}
        isAdmin={isAdmin}
        availableCredits={isAdmin ? null : user.credits}
      />
    </div>
  );
}
