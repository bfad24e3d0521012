import { zodResolver } from '@hookform/resolvers/zod';
import { splitAccountUrl, type PlaylistView } from '@shared/api/playlist';
import { Save, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { formErrorMap } from '@web/lib/form-errors';
import type { PlaylistTarget } from '../api';
import {
  emptyPlaylistForm,
  playlistFormSchema,
  type PlaylistFormInput,
  type PlaylistFormValues,
} from '../schemas';
import { usePlaylistProbe } from '../use-playlist-probe';
import { PlaylistFormFields } from './playlist-form-fields';
import { ProbeResultNote } from '@web/components/probe-result-note';

/** A playlist row as the form edits it: an account's URL is split back into host, username and password. */
export function playlistToFormValues(playlist: PlaylistView, pin?: string): PlaylistFormInput {
  const account = playlist.isAccount && playlist.url ? splitAccountUrl(playlist.url) : null;
  return {
    ...emptyPlaylistForm,
    name: playlist.name,
    isAccount: playlist.isAccount,
    url: playlist.isAccount ? '' : (playlist.url ?? ''),
    host: account?.host ?? playlist.host ?? '',
    username: account?.username ?? playlist.username ?? '',
    password: account?.password ?? playlist.password ?? '',
    hasPin: playlist.hasPin,
    // The PIN the viewer unlocked the row with, so saving keeps it unless they change it.
    pin: pin ?? '',
    confirmPin: pin ?? '',
    epg_url: playlist.epg_url ?? '',
  };
}

/** The device page's add / edit form; it opens with Add Playlist or a row's Edit and closes with Cancel. */
export function PlaylistForm({
  editing,
  pending,
  onSubmit,
  onCancel,
}: {
  editing: PlaylistTarget | null;
  pending: boolean;
  onSubmit: (values: PlaylistFormValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('device');
  const form = useForm<PlaylistFormInput, unknown, PlaylistFormValues>({
    resolver: zodResolver(playlistFormSchema, { error: formErrorMap }),
    defaultValues: editing ? playlistToFormValues(editing.playlist, editing.pin) : emptyPlaylistForm,
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { setFocus } = form;
  const probe = usePlaylistProbe(form);
  // The server checks the address first: a good playlist is saved at once (its row shows the check),
  // a failed check stays on screen with Save anyway.
  const submit = async (values: PlaylistFormValues) => {
    if (probe.checked) return onSubmit(values);
    const result = await probe.check(values);
    if (result?.ok) onSubmit({ ...values, epg_url: values.epg_url || result.epg_url || '' });
  };
  const saveLabel = editing ? t('form.saveChanges') : t('form.add');

  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    setFocus('name');
  }, [setFocus]);

  const titleId = editing ? 'playlist-form-edit-title' : 'playlist-form-add-title';
  return (
    <section aria-labelledby={titleId} className="rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <h3 ref={headingRef} id={titleId} className="mb-1 scroll-mt-24 text-lg font-semibold">
        {editing ? t('form.editTitle', { name: editing.playlist.name }) : t('form.addTitle')}
      </h3>
      <p className="mb-5 text-sm text-muted-foreground">{t('form.intro')}</p>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="grid gap-6">
          <PlaylistFormFields idPrefix="playlist-form" keepsPinHint={Boolean(editing?.playlist.hasPin)} />
          {probe.checked && !probe.result?.ok ? <ProbeResultNote result={probe.result} /> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel} disabled={pending}>
              <X aria-hidden="true" />
              {t('form.cancel')}
            </Button>
            <Button type="submit" disabled={pending || probe.checking}>
              <Save aria-hidden="true" />
              {pending
                ? t('form.saving')
                : probe.checking
                  ? t('probe.checking')
                  : probe.checked && !probe.result?.ok
                    ? t('probe.saveAnyway')
                    : saveLabel}
            </Button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
