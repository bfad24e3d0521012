import type { DeviceView } from '@shared/api/device';
import { PLAYLISTS_PER_DEVICE, type PlaylistView } from '@shared/api/playlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/toast';
import { isApiRequestError } from '@web/lib/api-client';
import { errorCodeOf, translateError } from '@web/lib/api-errors';
import { addPlaylist, deletePlaylist, unlockPlaylist, updatePlaylist } from '../api';
import { toPlaylistBody, type PlaylistFormValues } from '../schemas';
import { deviceMutationKey, refreshSignedInDevice, setSignedInDevice } from '../use-device-session';
import { PlaylistForm, type PlaylistFormTarget } from './playlist-form';
import { PlaylistList, type UnlockResult } from './playlist-list';

/** A row opened with its PIN: the PIN (kept in memory only, for X-Playlist-Pin) and its details. */
interface UnlockedPlaylist {
  pin: string;
  playlist: PlaylistView;
}

type FormState = { open: false } | { open: true; editing: PlaylistFormTarget | null };

/**
 * The playlists tab: list, add / edit form and delete confirmation. PINs entered to open a row live
 * in this component's state only, never in storage, and go when the page does.
 */
export function PlaylistsPanel({ device }: { device: DeviceView }) {
  const { t } = useTranslation('device');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>({ open: false });
  const [unlocked, setUnlocked] = useState<Record<number, UnlockedPlaylist>>({});
  const [toDelete, setToDelete] = useState<PlaylistView | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  function forget(id: number) {
    setUnlocked(({ [id]: _gone, ...rest }) => rest);
  }

  /** A failed save or delete: the generic error toast, or the login form if the session ended. */
  function onFailure(error: unknown, playlistId?: number) {
    if (isApiRequestError(error) && error.status === 401) {
      setSignedInDevice(queryClient, null);
      toast({ variant: 'destructive', title: translateError(error) });
      return;
    }
    const code = errorCodeOf(error);
    // The PIN changed elsewhere: lock the row again so the viewer re-enters it.
    if (playlistId !== undefined && (code === 'incorrect_pin' || code === 'pin_required')) forget(playlistId);
    toast({
      variant: 'destructive',
      title: t('toast.error'),
      description: code === 'unknown' ? undefined : translateError(error),
    });
  }

  function closeForm() {
    setForm({ open: false });
    requestAnimationFrame(() => addButton.current?.focus());
  }

  const save = useMutation({
    mutationKey: deviceMutationKey,
    mutationFn: async ({
      values,
      editing,
    }: {
      values: PlaylistFormValues;
      editing: PlaylistFormTarget | null;
    }) => {
      const body = toPlaylistBody(values);
      if (!editing) return addPlaylist(device.mac, body);
      return updatePlaylist(device.mac, editing.playlist.id, body, editing.pin);
    },
    onSuccess: async (saved, { values, editing }) => {
      if (editing) {
        if (saved.hasPin) {
          const pin = values.pin || editing.pin || '';
          setUnlocked((current) => ({ ...current, [saved.id]: { pin, playlist: saved } }));
        } else {
          forget(saved.id);
        }
      }
      toast({ variant: 'success', title: editing ? t('toast.updated') : t('toast.added') });
      closeForm();
      await refreshSignedInDevice(queryClient);
    },
    onError: (error, { editing }) => onFailure(error, editing?.playlist.id),
  });

  const remove = useMutation({
    mutationKey: deviceMutationKey,
    mutationFn: (playlist: PlaylistView) =>
      deletePlaylist(device.mac, playlist.id, unlocked[playlist.id]?.pin),
    onSuccess: async (_answer, playlist) => {
      forget(playlist.id);
      setToDelete(null);
      if (form.open && form.editing?.playlist.id === playlist.id) setForm({ open: false });
      toast({ variant: 'success', title: t('toast.deleted') });
      requestAnimationFrame(() => addButton.current?.focus());
      await refreshSignedInDevice(queryClient);
    },
    onError: (error, playlist) => {
      setToDelete(null);
      onFailure(error, playlist.id);
    },
  });

  async function unlock(playlist: PlaylistView, pin: string): Promise<UnlockResult> {
    try {
      const opened = await unlockPlaylist(device.mac, playlist.id, pin);
      setUnlocked((current) => ({ ...current, [playlist.id]: { pin, playlist: opened } }));
      return { ok: true };
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'incorrect_pin') return { ok: false, message: 'incorrect-pin' };
      if (code === 'too_many_attempts' || code === 'account_locked')
        return { ok: false, message: translateError(error) };
      onFailure(error);
      return { ok: false, message: t('toast.error') };
    }
  }

  const busy = save.isPending || remove.isPending;

  const rows = device.playlists.map((playlist) => ({
    playlist,
    unlocked: playlist.hasPin ? unlocked[playlist.id]?.playlist : undefined,
  }));
  const full = device.playlists.length >= PLAYLISTS_PER_DEVICE;

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{t('playlists.title')}</h2>
          <p className="text-sm text-muted-foreground">
            {t('playlists.count', { count: device.playlists.length, max: PLAYLISTS_PER_DEVICE })}
          </p>
        </div>
        {form.open ? null : (
          <Button
            ref={addButton}
            onClick={() => setForm({ open: true, editing: null })}
            disabled={busy || full}
          >
            <Plus aria-hidden="true" />
            {t('playlists.add')}
          </Button>
        )}
      </div>

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
            editing: { playlist, pin: playlist.hasPin ? unlocked[playlist.id]?.pin : undefined },
          })
        }
        onDelete={setToDelete}
        onUnlock={unlock}
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
          if (toDelete) remove.mutate(toDelete);
        }}
      />
    </div>
  );
}
