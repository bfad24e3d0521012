import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, ListPlus, Tv } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { errorCodeOf, translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { addPlaylist, signInDevice } from '../api';
import { DeviceCredentialFields } from '../components/device-credential-fields';
import { DevicePageFrame, DevicePageIntro } from '../components/device-page-frame';
import { PlaylistFormFields } from '../components/playlist-form-fields';
import {
  emptyPlaylistForm,
  standalonePlaylistFormSchema,
  toPlaylistBody,
  type StandalonePlaylistFormInput,
  type StandalonePlaylistFormValues,
} from '../schemas';
import { deviceMutationKey, refreshSignedInDevice, setSignedInDevice } from '../use-device-session';

/** Thrown when the MAC and key do not open the device, so the page can say which step failed. */
class DeviceSignInFailed extends Error {
  constructor(readonly signInError: unknown) {
    super('device sign-in failed');
  }
}

/**
 * /account/add-playlist: the standalone screen (docs/product.md). The device key is asked
 * for too, since nothing may be added to a device without it: the page signs the device in, then
 * adds the playlist. Switching Direct URL / Account clears those fields; after success the form
 * empties but the MAC and key stay, ready for the next playlist.
 */
export function AddPlaylistPage() {
  const { t } = useTranslation('device');
  const queryClient = useQueryClient();
  const [addedName, setAddedName] = useState<string | null>(null);
  const form = useForm<StandalonePlaylistFormInput, unknown, StandalonePlaylistFormValues>({
    resolver: zodResolver(standalonePlaylistFormSchema, { error: formErrorMap }),
    defaultValues: { mac: '', cle_mac: '', ...emptyPlaylistForm },
  });
  const { reset, getValues } = form;

  const add = useMutation({
    mutationKey: deviceMutationKey,
    mutationFn: async (values: StandalonePlaylistFormValues) => {
      let device;
      try {
        device = await signInDevice({ mac: values.mac, cle_mac: values.cle_mac });
      } catch (error) {
        throw new DeviceSignInFailed(error);
      }
      setSignedInDevice(queryClient, device);
      return addPlaylist(device.mac, toPlaylistBody(values));
    },
    onSuccess: async (playlist) => {
      toast({ variant: 'success', title: t('toast.added') });
      setAddedName(playlist.name);
      const { mac, cle_mac } = getValues();
      reset({ ...emptyPlaylistForm, mac, cle_mac });
      await refreshSignedInDevice(queryClient);
    },
    onError: (error) => {
      if (error instanceof DeviceSignInFailed) {
        const code = errorCodeOf(error.signInError);
        if (code === 'invalid_credentials')
          return toast({ variant: 'destructive', title: t('login.invalidCredentials') });
        if (code === 'device_banned') return toast({ variant: 'destructive', title: t('banned.title') });
        return toast({
          variant: 'destructive',
          title: t('toast.error'),
          description: translateError(error.signInError),
        });
      }
      const code = errorCodeOf(error);
      toast({
        variant: 'destructive',
        title: t('toast.error'),
        description: code === 'unknown' ? undefined : translateError(error),
      });
    },
  });

  function onInvalid(invalid: FieldErrors<StandalonePlaylistFormInput>) {
    // docs/product.md: on this screen a PIN mismatch is also announced by an error toast.
    if (invalid.confirmPin?.message === 'pins-do-not-match') {
      toast({
        variant: 'destructive',
        title: t('toast.error'),
        description: t('validation.pins-do-not-match'),
      });
    }
  }

  return (
    <DevicePageFrame title={t('pages.addPlaylist.title')} className="max-w-3xl">
      <DevicePageIntro title={t('pages.addPlaylist.title')} intro={t('pages.addPlaylist.intro')} />
      <FormProvider {...form}>
        <form
          noValidate
          aria-busy={add.isPending}
          onSubmit={(event) => {
            setAddedName(null);
            void form.handleSubmit((values) => add.mutate(values), onInvalid)(event);
          }}
          className="grid gap-6 rounded-2xl border bg-card p-5 shadow-sm sm:p-8"
        >
          <section aria-labelledby="add-device-title" className="grid gap-5">
            <h2 id="add-device-title" className="flex items-center gap-2 text-lg font-semibold">
              <Tv aria-hidden="true" className="size-5 text-primary" />
              {t('standalone.deviceTitle')}
            </h2>
            <div className="grid gap-5 sm:grid-cols-2">
              <DeviceCredentialFields idPrefix="add" />
            </div>
          </section>

          <section aria-labelledby="add-playlist-title" className="grid gap-5 border-t pt-6">
            <h2 id="add-playlist-title" className="flex items-center gap-2 text-lg font-semibold">
              <ListPlus aria-hidden="true" className="size-5 text-primary" />
              {t('standalone.playlistTitle')}
            </h2>
            <PlaylistFormFields idPrefix="add-playlist" clearOnTypeSwitch filterPinDigits={false} />
          </section>

          {addedName ? (
            <div
              role="status"
              className="flex flex-col gap-2 rounded-lg border border-emerald-600/30 bg-emerald-50 p-4 text-emerald-950 sm:flex-row sm:items-center sm:justify-between dark:bg-emerald-950/60 dark:text-emerald-100"
            >
              <p className="flex items-center gap-2 text-sm font-medium">
                <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
                {t('standalone.added', { name: addedName })}
              </p>
              <Link
                to="/account/playlists"
                className="text-sm font-semibold underline underline-offset-4 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {t('standalone.manage')}
              </Link>
            </div>
          ) : null}

          <Button
            type="submit"
            size="lg"
            disabled={add.isPending}
            className="justify-self-stretch sm:justify-self-end"
          >
            <ListPlus aria-hidden="true" />
            {add.isPending ? t('form.saving') : t('form.add')}
          </Button>
        </form>
      </FormProvider>
    </DevicePageFrame>
  );
}
