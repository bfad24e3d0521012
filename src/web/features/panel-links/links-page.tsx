import type { LinkView } from '@shared/api/link';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '@web/components/list-page';
import { PageIntro } from '@web/components/page-intro';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { CopyButton } from '@web/components/ui/copy-button';
import {
  Table,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableStatusBody,
} from '@web/components/ui/table';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { isolateLtr } from '@web/lib/bidi';
import { usePanelUser } from '@web/lib/panel-session';
import { deleteLink, linksQuery, linksQueryKey } from './api';
import { LinkFormDialog, type LinkDialogState } from './link-form-dialog';

/**
 * Applications (SPEC.md's Configuration page, /dashboard/links): download links and versions of the
 * player app. Everyone can copy them; admins add, edit and delete.
 */
export function LinksPage() {
  const { t } = useTranslation('panel-network');
  const user = usePanelUser();
  const isAdmin = user.role === 'admin';
  const queryClient = useQueryClient();
  const links = useQuery(linksQuery());
  const [dialog, setDialog] = useState<LinkDialogState>(null);
  const [deleting, setDeleting] = useState<LinkView | null>(null);

  const remove = useMutation({
    mutationFn: (link: LinkView) => deleteLink(link.id),
    onSuccess: async () => {
      toast({ variant: 'success', title: t('links.deleted') });
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: linksQueryKey });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: t('links.deleteFailed'), description: translateError(error) });
    },
  });

  const rows = links.data ?? [];
  const columns = 3;

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title={t('links.title')} intro={isAdmin ? t('links.introAdmin') : t('links.intro')} />
      {isAdmin ? <ListToolbar addLabel={t('links.add')} onAdd={() => setDialog({ mode: 'create' })} /> : null}

      <Table aria-label={t('links.title')} aria-busy={links.isPending}>
        <TableHeader>
          <TableRow>
            <TableHead className="hidden w-32 sm:table-cell">{t('links.table.version')}</TableHead>
            <TableHead>{t('links.table.url')}</TableHead>
            <TableHead className="text-end">{t('links.table.actions')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableStatusBody
          colSpan={columns}
          query={links}
          failure={t('links.loadFailed')}
          empty={rows.length === 0 ? t('links.empty') : null}
        >
          {rows.map((link) => {
            const label = link.version
              ? t('links.linkLabel', { version: link.version })
              : t('links.linkLabelNoVersion');
            return (
              <TableRow key={link.id}>
                <TableCell className="hidden font-medium sm:table-cell">
                  {link.version ? (
                    <span dir="ltr">{link.version}</span>
                  ) : (
                    <span className="text-muted-foreground">{t('links.noVersion')}</span>
                  )}
                </TableCell>
                <TableCell className="w-full">
                  <p className="mb-0.5 text-xs font-medium text-muted-foreground sm:hidden">
                    {link.version ? <span dir="ltr">{link.version}</span> : t('links.noVersion')}
                  </p>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noreferrer noopener"
                    dir="ltr"
                    className="rounded-sm text-primary break-all underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {link.url}
                    <ExternalLink aria-hidden="true" className="ms-1.5 inline size-3.5 align-[-0.125em]" />
                    <span className="sr-only">{t('links.opensInNewTab')}</span>
                  </a>
                </TableCell>
                <TableCell>
                  <div className="flex justify-end gap-1">
                    <CopyButton value={link.url} label={label} />
                    {isAdmin ? (
                      <>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={t('links.edit', { label })}
                          title={t('links.edit', { label })}
                          onClick={() => setDialog({ mode: 'edit', link })}
                        >
                          <Pencil aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          className="text-destructive hover:text-destructive"
                          aria-label={t('links.delete', { label })}
                          title={t('links.delete', { label })}
                          onClick={() => setDeleting(link)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </>
                    ) : null}
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableStatusBody>
      </Table>

      {isAdmin ? <LinkFormDialog state={dialog} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('links.deleteConfirm.title')}
        description={t('links.deleteConfirm.description', { url: isolateLtr(deleting?.url ?? '') })}
        confirmLabel={t('links.deleteConfirm.confirm')}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
