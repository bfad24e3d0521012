import type { DeviceView } from '@shared/api/device';
import type { PlaylistView } from '@shared/api/playlist';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/toast';
import { useDeletePlaylist, useSavePlaylist, type PlaylistTarget } from '../api';
import { usePlaylistPins } from '../use-playlist-pins';
import { PlaylistForm } from './playlist-form';
import { PlaylistList } from './playlist-list';
import { PlaylistsHeader } from './playlists-header';

type FormState = { open: false } | { open: true; editing: PlaylistTarget | null };

/** The playlists tab: list, add / edit form and delete confirmation. */
export function PlaylistsPanel({ device }: { device: DeviceView }) {
  const { t } = useTranslation('device');
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<PlaylistView | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const pins = usePlaylistPins(device.mac);

  function closeForm() {
    setForm({ open: false });
    requestAnimationFrame(() => addButton.current?.focus());
  }

  const save = useSavePlaylist(device.mac, {
    onSuccess: (saved, { values, editing }) => {
      if (editing) {
        if (saved.hasPin) pins.remember(values.pin || editing.pin || '', saved);
        else pins.forget(saved.id);
      }
      toast({ variant: 'success', title: editing ? t('toast.updated') : t('toast.added') });
      closeForm();
    },
    onError: (error, { editing }) => pins.onFailure(error, editing?.playlist.id),
  });

  const remove = useDeletePlaylist(device.mac, {
    onSuccess: (_answer, { playlist }) => {
      pins.forget(playlist.id);
      setToDelete(null);
      if (form.open && form.editing?.playlist.id === playlist.id) setForm({ open: false });
      toast({ variant: 'success', title: t('toast.deleted') });
      requestAnimationFrame(() => addButton.current?.focus());
    },
    onError: (error, { playlist }) => {
      setToDelete(null);
      pins.onFailure(error, playlist.id);
    },
  });

  const busy = save.isPending || remove.isPending;
  const rows = device.playlists.map((playlist) => ({
    playlist,
    unlocked: playlist.hasPin ? pins.unlocked[playlist.id]?.playlist : undefined,
  }));

  return (
    <div className="grid gap-5">
      <PlaylistsHeader
        count={device.playlists.length}
        formOpen={form.open}
        busy={busy}
        onAdd={() => setForm({ open: true, editing: null })}
        addButtonRef={addButton}
      />

      {form.open ? (
        <PlaylistForm
          key={form.editing?.playlist.id ?? 'new'}
          editing={form.editing}
          pending={save.isPending}
          onSubmit={(values) => save.mutate({ values, editing: form.editing })}
          onCancel={closeForm}
        />
      ) : null}

      <PlaylistList
        rows={rows}
        busy={busy}
        onEdit={(playlist) =>
          setForm({
            open: true,
            editing: { playlist, pin: playlist.hasPin ? pins.unlocked[playlist.id]?.pin : undefined },
          })
        }
        onDelete={setToDelete}
        onUnlock={pins.unlock}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => open || setToDelete(null)}
        title={t('delete.title')}
        description={t('delete.description', { name: toDelete?.name ?? '' })}
        confirmLabel={remove.isPending ? t('delete.deleting') : t('delete.confirm')}
        destructive
        busy={remove.isPending}
        onConfirm={() => {
          if (toDelete) remove.mutate({ playlist: toDelete, pin: pins.unlocked[toDelete.id]?.pin });
        }}
      />
    </div>
  );
}
