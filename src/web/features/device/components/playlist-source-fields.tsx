import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { PasswordInput } from '@web/components/password-input';
import { Input } from '@web/components/ui/input';
import type { PlaylistFormInput } from '../schemas';
import { useFieldError } from '../use-field-error';
import { XtreamLinkOffer } from './xtream-link-offer';

/** Where a playlist comes from: its Direct URL, or an account's host, username and password. */
export function PlaylistSourceFields({ idPrefix, isAccount }: { idPrefix: string; isAccount: boolean }) {
  const { t } = useTranslation('device');
  const errorText = useFieldError();
  const {
    register,
    formState: { errors },
  } = useFormContext<PlaylistFormInput>();

  if (!isAccount) {
    return (
      <>
        <FormField id={`${idPrefix}-url`} label={t('form.url')} error={errorText(errors.url?.message)}>
          {(field) => (
            <Input
              {...field}
              type="url"
              dir="ltr"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://provider.example/playlist.m3u"
              {...register('url')}
            />
          )}
        </FormField>
        <XtreamLinkOffer />
      </>
    );
  }

  // "Fill in the host, username and password" belongs to the three fields, not to the host alone.
  // It is stored on `host`, so typing in username or password re-checks host (`deps`): the message
  // and the red borders go as soon as the last of the three is filled in.
  const hostMessage = errors.host?.message;
  const accountMessage = hostMessage === 'account-details-required' ? hostMessage : undefined;
  const accountErrorId = `${idPrefix}-account-error`;
  const accountFieldProps = accountMessage
    ? { 'aria-invalid': true, 'aria-describedby': accountErrorId }
    : {};

  return (
    <>
      <FormField
        id={`${idPrefix}-host`}
        label={t('form.host')}
        error={accountMessage ? undefined : errorText(hostMessage)}
      >
        {(field) => (
          <Input
            {...field}
            {...accountFieldProps}
            type="url"
            dir="ltr"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="http://provider.example:8080"
            {...register('host')}
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id={`${idPrefix}-username`}
          label={t('form.username')}
          error={accountMessage ? undefined : errorText(errors.username?.message)}
        >
          {(field) => (
            <Input
              {...field}
              {...accountFieldProps}
              autoComplete="off"
              spellCheck={false}
              {...register('username', { deps: 'host' })}
            />
          )}
        </FormField>
        <FormField
          id={`${idPrefix}-password`}
          label={t('form.password')}
          error={accountMessage ? undefined : errorText(errors.password?.message)}
        >
          {(field) => (
            <PasswordInput
              {...field}
              {...accountFieldProps}
              autoComplete="off"
              showLabel={t('form.showPassword')}
              hideLabel={t('form.hidePassword')}
              {...register('password', { deps: 'host' })}
            />
          )}
        </FormField>
      </div>
      {accountMessage ? (
        <p id={accountErrorId} className="text-sm font-medium text-destructive dark:text-red-400">
          {errorText(accountMessage)}
        </p>
      ) : null}
    </>
  );
}
