import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isPlaylistValidationKey, type PlaylistFormValues } from './playlist-form';

/** One titled part of the playlist form: the device, the playlist itself, its PIN. */
export function PlaylistFormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * What every section reads: the form (from the dialog's FormProvider), its errors, and their text:
 * the playlist's own validation keys translated here, the generic messages already translated.
 */
export function usePlaylistFormSection() {
  const { t } = useTranslation('panel-devices');
  const { register, control, formState } = useFormContext<PlaylistFormValues>();
  const errorText = (message: string | undefined) =>
    isPlaylistValidationKey(message) ? t(`playlists.validation.${message}`) : message;
  return { t, register, control, errors: formState.errors, errorText };
}
