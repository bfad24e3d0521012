import { zodResolver } from '@hookform/resolvers/zod';
import { ListPlus, Tv } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { errorCodeOf, translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { DeviceSignInFailed, useAddPlaylistWithKey } from '../api';
import { DeviceCredentialFields } from '../components/device-credential-fields';
import { DevicePageFrame, DevicePageIntro } from '../components/device-page-frame';
import { PlaylistAddedStatus } from '../components/playlist-added-status';
import { PlaylistFormFields } from '../components/playlist-form-fields';
import {
  emptyPlaylistForm,
  standalonePlaylistFormSchema,
  type StandalonePlaylistFormInput,
  type StandalonePlaylistFormValues,
} from '../schemas';
import { useErrorToast } from '../use-error-toast';

/**
 * /account/add-playlist: the standalone screen (docs/product.md). The device key is asked
 * for too, since nothing may be added to a device without it: the page signs the device in, then
 * adds the playlist. Switching Direct URL / Account clears those fields; after success the form
 * empties but the MAC and key stay, ready for the next playlist.
 */
export function AddPlaylistPage() {
  const { t } = useTranslation('device');
  const [addedName, setAddedName] = useState<string | null>(null);
  const form = useForm<StandalonePlaylistFormInput, unknown, StandalonePlaylistFormValues>({
    resolver: zodResolver(standalonePlaylistFormSchema, { error: formErrorMap }),
    defaultValues: { mac: '', cle_mac: '', ...emptyPlaylistForm },
  });
  const { reset, getValues } = form;
  const showError = useErrorToast();

  const add = useAddPlaylistWithKey({
    onSuccess: (playlist) => {
      toast({ variant: 'success', title: t('toast.added') });
      setAddedName(playlist.name);
      const { mac, cle_mac } = getValues();
      reset({ ...emptyPlaylistForm, mac, cle_mac });
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
      showError(error);
    },
  });

  return (
    <DevicePageFrame title={t('pages.addPlaylist.title')} className="max-w-3xl">
      <DevicePageIntro title={t('pages.addPlaylist.title')} intro={t('pages.addPlaylist.intro')} />
      <FormProvider {...form}>
        <form
          noValidate
          aria-busy={add.isPending}
          onSubmit={(event) => {
            setAddedName(null);
            // A typing mistake (a PIN that does not match, a missing field) is said inline, beside its
            // field, and goes away once fixed: no toast, which would outlive the fix.
            void form.handleSubmit((values) => add.mutate(values))(event);
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

          {addedName ? <PlaylistAddedStatus name={addedName} /> : null}

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
