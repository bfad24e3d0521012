import { zodResolver } from '@hookform/resolvers/zod';
import type { PlaylistView } from '@shared/api/playlist';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { ProbeResultNote } from '@web/components/probe-result-note';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { usePanelUser } from '@web/lib/panel-session';
import { useDeviceChoices, useSavePlaylist, type PanelPlaylist, type SavedPlaylist } from './api';
import { PlaylistDetailsSection } from './playlist-details-section';
import { PlaylistDeviceSection } from './playlist-device-section';
import { playlistFormSchema, toPlaylistBody, type PlaylistFormValues } from './playlist-form';
import { PlaylistPinSection } from './playlist-pin-section';
import { usePlaylistCheck } from './use-playlist-check';

/** The form opens to add a playlist, or to edit one (a protected one only once unlocked with its PIN). */
export type PlaylistFormTarget =
  { mode: 'add' } | { mode: 'edit'; playlist: PanelPlaylist; view: PlaylistView; pin: string | undefined };

function PlaylistForm({
  target,
  onSaved,
  onCancel,
}: {
  target: PlaylistFormTarget;
  onSaved: (result: SavedPlaylist) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('panel-devices');
  const user = usePanelUser();
  const editing = target.mode === 'edit' ? target : null;
  const view = editing?.view;
  const devicesQuery = useDeviceChoices(user, !editing);
  const save = useSavePlaylist(user.id, editing && { id: editing.playlist.id, pin: editing.pin });

  const form = useForm<PlaylistFormValues>({
    resolver: zodResolver(
      playlistFormSchema({ requireDevice: !editing, keepPinAllowed: Boolean(view?.hasPin) }),
      { error: formErrorMap },
    ),
    defaultValues: {
      deviceMac: '',
      name: view?.name ?? '',
      kind: view?.isAccount ? 'account' : 'url',
      url: view && !view.isAccount ? (view.url ?? '') : '',
      host: view?.host ?? '',
      username: view?.username ?? '',
      password: view?.password ?? '',
      hasPin: view?.hasPin ?? false,
      pin: '',
      confirmPin: '',
    },
  });
  // react-hook-form focuses the first invalid field in the order fields were registered: the device
  // goes first, as on screen, even though its field only appears once the devices have loaded.
  if (!editing) form.register('deviceMac');

  const check = usePlaylistCheck(form, editing?.playlist.mac);

  async function submit(values: PlaylistFormValues) {
    if (!(await check.mayBeSaved(values))) return;
    const body = editing
      ? toPlaylistBody(values, { notes: editing.view.notes })
      : toPlaylistBody(values, { notes: null, mac: values.deviceMac, userId: user.id });
    save.mutate(body, {
      onSuccess: (result) => {
        toast({
          variant: 'success',
          title: editing ? t('playlists.form.updated') : t('playlists.form.saved'),
        });
        onSaved(result);
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: t('playlists.form.saveFailed'),
          description: translateError(error),
        });
      },
    });
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="grid gap-5">
        <PlaylistDeviceSection editingMac={editing?.playlist.mac} devicesQuery={devicesQuery} />
        <PlaylistDetailsSection />
        <PlaylistPinSection hadPin={Boolean(view?.hasPin)} />
        {check.failed ? <ProbeResultNote result={check.result} /> : null}
        <FormDialogFooter
          onCancel={onCancel}
          submitLabel={check.submitLabel(editing ? t('playlists.form.update') : t('playlists.form.add'))}
          pendingLabel={check.pendingLabel(
            editing ? t('playlists.form.updating') : t('playlists.form.saving'),
          )}
          pending={save.isPending || check.checking}
          submitDisabled={!editing && devicesQuery.isSuccess && devicesQuery.data.data.length === 0}
          spinner
        />
      </form>
    </FormProvider>
  );
}

/** Add Playlist / Edit Playlist: a device section, the playlist itself, and a security section. */
export function PlaylistFormDialog({
  target,
  onOpenChange,
  onSaved,
}: {
  target: PlaylistFormTarget | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (result: SavedPlaylist, mode: 'add' | 'edit') => void;
}) {
  const { t } = useTranslation('panel-devices');
  const editing = target?.mode === 'edit' ? target : null;
  return (
    <FormDialog
      open={target !== null}
      onClose={() => onOpenChange(false)}
      title={editing ? t('playlists.form.editTitle') : t('playlists.form.addTitle')}
      description={
        editing
          ? t('playlists.form.editDescription', { name: editing.playlist.name })
          : t('playlists.form.addDescription')
      }
      className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto"
    >
      {target ? (
        <PlaylistForm
          target={target}
          onSaved={(result) => {
            onSaved(result, target.mode);
            onOpenChange(false);
          }}
          onCancel={() => onOpenChange(false)}
        />
      ) : null}
    </FormDialog>
  );
}
