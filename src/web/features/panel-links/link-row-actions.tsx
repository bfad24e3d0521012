import type { LinkView } from '@shared/api/link';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { CopyButton } from '@web/components/ui/copy-button';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { isolateLtr } from '@web/lib/bidi';
import { useDeleteLink } from './api';

/** Copy (everyone); Edit and Delete after a confirmation (admins). */
export function LinkActions({
  link,
  isAdmin,
  onEdit,
}: {
  link: LinkView;
  isAdmin: boolean;
  onEdit: (link: LinkView) => void;
}) {
  const { t } = useTranslation('panel-network');
  // How the link is named to screen readers and in its buttons' labels.
  const label = link.version
    ? t('links.linkLabel', { version: link.version })
    : t('links.linkLabelNoVersion');
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteLink();

  function deleteLink() {
    remove.mutate(link, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('links.deleted') });
        setConfirming(false);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: t('links.deleteFailed'), description: translateError(error) }),
    });
  }

  return (
    <div className="flex justify-end gap-1">
      <CopyButton value={link.url} label={label} />
      {isAdmin ? (
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('links.edit', { label })}
            title={t('links.edit', { label })}
            onClick={() => onEdit(link)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-destructive hover:text-destructive"
            aria-label={t('links.delete', { label })}
            title={t('links.delete', { label })}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('links.deleteConfirm.title')}
            description={t('links.deleteConfirm.description', { url: isolateLtr(link.url) })}
            confirmLabel={t('links.deleteConfirm.confirm')}
            destructive
            busy={remove.isPending}
            onConfirm={deleteLink}
          />
        </>
      ) : null}
    </div>
  );
}
