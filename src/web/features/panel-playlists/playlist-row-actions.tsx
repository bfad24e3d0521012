import { KeyRound, LockOpen, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { usePanelUser } from '@web/lib/panel-session';
import { useDeletePlaylist, type PanelPlaylist } from './api';
import type { Unlocked } from './use-playlists-list';

export interface PlaylistRowHandlers {
  onUnlock: (playlist: PanelPlaylist) => void;
  onEdit: (playlist: PanelPlaylist, opened: Unlocked | undefined) => void;
  /** Forget the unlocked view (Lock again, or after the playlist is deleted). */
  onLock: (playlist: PanelPlaylist) => void;
}

/** Unlock for a locked playlist; otherwise Lock again (when unlocked), Edit, and Delete after confirming. */
export function PlaylistActions({
  playlist,
  opened,
  onUnlock,
  onEdit,
  onLock,
}: { playlist: PanelPlaylist; opened: Unlocked | undefined } & PlaylistRowHandlers) {
  const { t } = useTranslation('panel-devices');
  const user = usePanelUser();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePlaylist(user.id);
  const name = playlist.name;

  if (playlist.hasPin && !opened) {
    return (
      <span className="flex justify-end gap-1">
        <Button
          variant="outline"
          size="sm"
          aria-label={t('playlists.unlockLabel', { name })}
          onClick={() => onUnlock(playlist)}
        >
          <KeyRound aria-hidden="true" />
          {t('playlists.unlock')}
        </Button>
      </span>
    );
  }

  function deletePlaylist() {
    remove.mutate(
      { playlist, pin: opened?.pin },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: t('playlists.delete.success') });
          setConfirming(false);
          onLock(playlist);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('playlists.delete.failed'),
            description: translateError(error),
          }),
      },
    );
  }

  return (
    <span className="flex justify-end gap-1">
      {opened ? (
        <Button
          variant="ghost"
          size="icon"
          title={t('playlists.lock', { name })}
          aria-label={t('playlists.lock', { name })}
          onClick={() => onLock(playlist)}
        >
          <LockOpen aria-hidden="true" />
        </Button>
      ) : null}
      <Button
        variant="ghost"
        size="icon"
        title={t('playlists.editLabel', { name })}
        aria-label={t('playlists.editLabel', { name })}
        onClick={() => onEdit(playlist, opened)}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        title={t('playlists.deleteLabel', { name })}
        aria-label={t('playlists.deleteLabel', { name })}
        className="text-destructive hover:bg-destructive/10 hover:text-destructive dark:text-red-300"
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('playlists.delete.title')}
        description={t('playlists.delete.description', { name })}
        confirmLabel={t('playlists.delete.confirm')}
        destructive
        busy={remove.isPending}
        onConfirm={deletePlaylist}
      />
    </span>
  );
}
