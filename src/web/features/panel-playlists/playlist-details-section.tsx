import { useWatch } from 'react-hook-form';
import { InputField, PasswordField } from '@web/components/form-field';
import { cn } from '@web/lib/utils';
import { PlaylistFormSection, usePlaylistFormSection } from './playlist-form-section';

/** The playlist's URL and the account's host: web addresses, written left to right in any language. */
const WEB_ADDRESS_INPUT = {
  type: 'url',
  dir: 'ltr',
  inputMode: 'url',
  autoComplete: 'off',
  placeholder: 'https://',
} as const;

/** The playlist itself: its name, and either a URL or an account (host, username, password). */
export function PlaylistDetailsSection() {
  const { t, register, control, errors, errorText } = usePlaylistFormSection();
  const kind = useWatch({ control, name: 'kind' });

  return (
    <PlaylistFormSection title={t('playlists.form.playlistSection')}>
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
    </PlaylistFormSection>
  );
}
