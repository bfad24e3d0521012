import { zodResolver } from '@hookform/resolvers/zod';
import type { PlaylistView } from '@shared/api/playlist';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { FormField, InputField, PasswordField } from '@web/components/form-field';
import { MacInput } from '@web/components/ui/mac-input';
import { Select } from '@web/components/ui/select';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { deviceListsQueryKey, listDevices } from '@web/lib/panel-devices-api';
import { usePanelUser } from '@web/lib/panel-session';
import { cn } from '@web/lib/utils';
import { addPlaylist, playlistsQueryKey, updatePlaylist, type PanelPlaylist } from './api';
import { PinInput } from './pin-input';
import {
  isPlaylistValidationKey,
  playlistFormSchema,
  toPlaylistBody,
  type PlaylistFormValues,
} from './playlist-form';

/** The form opens to add a playlist, or to edit one (a protected one only once unlocked with its PIN). */
export type PlaylistFormTarget =
  { mode: 'add' } | { mode: 'edit'; playlist: PanelPlaylist; view: PlaylistView; pin: string | undefined };

/** The devices a playlist can go on: the user's own (every device for an admin), newest first. */
const DEVICE_CHOICES = { page: 1, per_page: 100 } as const;

/** The playlist's URL and the account's host: web addresses, written left to right in any language. */
const WEB_ADDRESS_INPUT = {
  type: 'url',
  dir: 'ltr',
  inputMode: 'url',
  autoComplete: 'off',
  placeholder: 'https://',
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

function PlaylistForm({
  target,
  onSaved,
  onCancel,
}: {
  target: PlaylistFormTarget;
  onSaved: (result: { view: PlaylistView; pin: string | undefined }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('panel-devices');
  const user = usePanelUser();
  const queryClient = useQueryClient();
  const editing = target.mode === 'edit' ? target : null;
  const view = editing?.view;

  const devicesQuery = useQuery({
    queryKey: [...deviceListsQueryKey, user.id, DEVICE_CHOICES],
    queryFn: ({ signal }) => listDevices(user, DEVICE_CHOICES, signal),
    enabled: !editing,
  });
  const devices = devicesQuery.data?.data ?? [];
  // More devices than one page holds: the MAC is typed instead of picked.
  const typeMac = devicesQuery.data ? devicesQuery.data.pagination.total > devices.length : false;

  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<PlaylistFormValues>({
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
  if (!editing) register('deviceMac');
  const kind = useWatch({ control, name: 'kind' });
  const hasPin = useWatch({ control, name: 'hasPin' });

  const mutation = useMutation({
    mutationFn: async (values: PlaylistFormValues) => {
      if (editing) {
        const body = toPlaylistBody(values, { notes: editing.view.notes });
        const saved = await updatePlaylist(editing.playlist.id, body, editing.pin);
        return { view: saved, pin: values.hasPin ? body.pin || editing.pin : undefined };
      }
      const body = toPlaylistBody(values, { notes: null, mac: values.deviceMac, userId: user.id });
      return { view: await addPlaylist(body), pin: body.pin ?? undefined };
    },
    onSuccess: (result) => {
      toast({ variant: 'success', title: editing ? t('playlists.form.updated') : t('playlists.form.saved') });
      void queryClient.invalidateQueries({ queryKey: playlistsQueryKey(user.id) });
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
  const pending = mutation.isPending;

  /** Field messages: the playlist's own keys here, the generic ones already translated. */
  const errorText = (message: string | undefined) =>
    isPlaylistValidationKey(message) ? t(`playlists.validation.${message}`) : message;

  return (
    <form
      onSubmit={(event) => void handleSubmit((values) => mutation.mutate(values))(event)}
      noValidate
      className="grid gap-5"
    >
      <Section title={t('playlists.form.deviceSection')}>
        {editing ? (
          <p className="text-sm">
            <span className="text-muted-foreground">{t('playlists.table.device')}: </span>
            <span dir="ltr" className="font-mono font-medium">
              {editing.playlist.mac}
            </span>
          </p>
        ) : devicesQuery.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            {t('playlists.form.loadingDevices')}
          </p>
        ) : typeMac || devicesQuery.isError ? (
          <FormField
            id="playlist-device-mac"
            label={t('playlists.form.deviceMac')}
            error={errorText(errors.deviceMac?.message)}
          >
            {(field) => (
              <Controller
                control={control}
                name="deviceMac"
                render={({ field: { onChange, ...rest } }) => (
                  <MacInput {...field} {...rest} onValueChange={onChange} />
                )}
              />
            )}
          </FormField>
        ) : devices.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('playlists.form.noDevices')}</p>
        ) : (
          <FormField
            id="playlist-device"
            label={t('playlists.form.device')}
            error={errorText(errors.deviceMac?.message)}
          >
            {(field) => (
              <Select {...field} {...register('deviceMac')}>
                <option value="">{t('playlists.form.chooseDevice')}</option>
                {devices.map((device) => (
                  <option key={device.id} value={device.mac}>
                    {device.name ? `${device.mac} · ${device.name}` : device.mac}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
        {typeMac ? <p className="text-sm text-muted-foreground">{t('playlists.form.manyDevices')}</p> : null}
      </Section>

      <Section title={t('playlists.form.playlistSection')}>
        <InputField
          id="playlist-name"
          label={t('playlists.form.name')}
          error={errorText(errors.name?.message)}
          autoComplete="off"
          {...register('name')}
        />
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('playlists.form.kind')}</legend>
          <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
            {(['url', 'account'] as const).map((value) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  kind === value && 'bg-background text-foreground shadow-sm',
                )}
              >
                <input type="radio" value={value} className="sr-only" {...register('kind')} />
                {t(`playlists.type.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {kind === 'url' ? (
          <InputField
            id="playlist-url"
            label={t('playlists.form.url')}
            error={errorText(errors.url?.message)}
            {...WEB_ADDRESS_INPUT}
            {...register('url')}
          />
        ) : (
          <>
            <InputField
              id="playlist-host"
              label={t('playlists.form.host')}
              error={errorText(errors.host?.message)}
              {...WEB_ADDRESS_INPUT}
              {...register('host')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <InputField
                id="playlist-username"
                label={t('playlists.form.username')}
                error={errorText(errors.username?.message)}
                dir="ltr"
                autoComplete="off"
                {...register('username')}
              />
              <PasswordField
                id="playlist-password"
                label={t('playlists.form.password')}
                error={errorText(errors.password?.message)}
                dir="ltr"
                autoComplete="off"
                showLabel={t('playlists.form.showPassword')}
                hideLabel={t('playlists.form.hidePassword')}
                {...register('password')}
              />
            </div>
          </>
        )}
      </Section>

      <Section title={t('playlists.form.securitySection')}>
        <label className="flex cursor-pointer items-center gap-3 text-sm font-medium">
          <input type="checkbox" className="size-4 accent-[var(--color-primary)]" {...register('hasPin')} />
          {t('playlists.form.hasPin')}
        </label>
        {hasPin ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id="playlist-pin"
                label={t('playlists.form.pin')}
                error={errorText(errors.pin?.message)}
              >
                {(field) => <PinInput {...field} {...register('pin')} />}
              </FormField>
              <FormField
                id="playlist-confirm-pin"
                label={t('playlists.form.confirmPin')}
                error={errorText(errors.confirmPin?.message)}
              >
                {(field) => <PinInput {...field} {...register('confirmPin')} />}
              </FormField>
            </div>
            <p className="text-sm text-muted-foreground">
              {t('playlists.form.pinHint')}
              {view?.hasPin ? ` ${t('playlists.form.keepPinHint')}` : null}
            </p>
          </>
        ) : null}
      </Section>

      <FormDialogFooter
        onCancel={onCancel}
        submitLabel={editing ? t('playlists.form.update') : t('playlists.form.add')}
        pendingLabel={editing ? t('playlists.form.updating') : t('playlists.form.saving')}
        pending={pending}
        submitDisabled={!editing && devicesQuery.isSuccess && devices.length === 0}
        spinner
      />
    </form>
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
  onSaved: (result: { view: PlaylistView; pin: string | undefined }, mode: 'add' | 'edit') => void;
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
