import { useWatch } from 'react-hook-form';
import { FormField } from '@web/components/form-field';
import { PinInput } from './pin-input';
import { PlaylistFormSection, usePlaylistFormSection } from './playlist-form-section';

/** Security: whether a PIN protects the playlist, and the PIN typed twice. */
export function PlaylistPinSection({ hadPin }: { hadPin: boolean }) {
  const { t, register, control, errors, errorText } = usePlaylistFormSection();
  const hasPin = useWatch({ control, name: 'hasPin' });

  return (
    <PlaylistFormSection title={t('playlists.form.securitySection')}>
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
            {hadPin ? ` ${t('playlists.form.keepPinHint')}` : null}
          </p>
        </>
      ) : null}
    </PlaylistFormSection>
  );
}
