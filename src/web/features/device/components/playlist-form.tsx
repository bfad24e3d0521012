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
import { PlaylistFormFields } from './playlist-form-fields';

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
        <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="grid gap-6">
          <PlaylistFormFields idPrefix="playlist-form" keepsPinHint={Boolean(editing?.playlist.hasPin)} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel} disabled={pending}>
              <X aria-hidden="true" />
              {t('form.cancel')}
            </Button>
            <Button type="submit" disabled={pending}>
              <Save aria-hidden="true" />
              {pending ? t('form.saving') : editing ? t('form.saveChanges') : t('form.add')}
            </Button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
