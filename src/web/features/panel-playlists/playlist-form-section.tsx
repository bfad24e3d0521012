import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isPlaylistValidationKey } from './playlist-form';

/** One titled part of the playlist form: the device, the playlist itself, its PIN. */
export function PlaylistFormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Field messages: the playlist's own keys here, the generic ones already translated. */
export function usePlaylistErrorText() {
  const { t } = useTranslation('panel-devices');
  return (message: string | undefined) =>
    isPlaylistValidationKey(message) ? t(`playlists.validation.${message}`) : message;
}
