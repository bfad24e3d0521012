import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PIN_MIN } from '@shared/api/playlist';
import { FormField } from '@web/components/form-field';
import { PasswordInput } from '@web/components/password-input';
import { Input } from '@web/components/ui/input';
import { tabIds, Tabs, tabPanelProps } from '@web/components/ui/tabs';
import type { PlaylistFormInput } from '../schemas';
import { useFieldError } from '../use-field-error';
import { PinInput } from './pin-input';

type PlaylistType = 'url' | 'account';

/**
 * Name, Direct URL / Account, and the optional PIN with its confirmation: the fields both playlist
 * forms share (the device page's and the standalone screen's). Used inside a FormProvider.
 */
export function PlaylistFormFields({
  idPrefix,
  clearOnTypeSwitch = false,
  filterPinDigits = true,
  keepsPinHint = false,
}: {
  idPrefix: string;
  /** The standalone screen empties the URL and account fields when the type changes. */
  clearOnTypeSwitch?: boolean;
  /** The device page accepts only digits in PIN fields; the standalone screen checks on submit. */
  filterPinDigits?: boolean;
  /** Editing a protected playlist: say that its PIN is filled in and can be changed. */
  keepsPinHint?: boolean;
}) {
  const { t } = useTranslation('device');
  const errorText = useFieldError();
  const {
    register,
    setValue,
    clearErrors,
    control,
    formState: { errors },
  } = useFormContext<PlaylistFormInput>();
  const [isAccount, hasPin, pin, confirmPin] = useWatch({
    control,
    name: ['isAccount', 'hasPin', 'pin', 'confirmPin'],
  });
  const type: PlaylistType = isAccount ? 'account' : 'url';
  const tabsId = `${idPrefix}-type`;
  const panel = tabIds(tabsId, type);

  function switchType(next: PlaylistType) {
    if (next === type) return;
    setValue('isAccount', next === 'account');
    if (clearOnTypeSwitch) {
      for (const field of ['url', 'host', 'username', 'password'] as const) setValue(field, '');
    }
    clearErrors(['url', 'host', 'username', 'password']);
  }

  // docs/product.md: the mismatch also shows inline, as soon as the confirmation is as long as the PIN.
  const liveMismatch =
    hasPin && confirmPin && pin && confirmPin.length >= pin.length && confirmPin !== pin
      ? 'pins-do-not-match'
      : undefined;
  const confirmError = errors.confirmPin?.message ?? liveMismatch;
  // "Fill in the host, username and password" belongs to the three fields, not to the host alone.
  const hostMessage = errors.host?.message;
  const accountMessage = hostMessage === 'account-details-required' ? hostMessage : undefined;
  const accountErrorId = `${idPrefix}-account-error`;
  const accountFieldProps = accountMessage
    ? { 'aria-invalid': true, 'aria-describedby': accountErrorId }
    : {};

  return (
    <div className="grid gap-5">
      <FormField id={`${idPrefix}-name`} label={t('form.name')} error={errorText(errors.name?.message)}>
        {(field) => (
          <Input
            {...field}
            autoComplete="off"
            placeholder={t('form.namePlaceholder')}
            {...register('name')}
          />
        )}
      </FormField>

      <div className="grid gap-3">
        <span className="text-sm font-medium leading-none">{t('form.type')}</span>
        <Tabs
          id={tabsId}
          label={t('form.type')}
          value={type}
          onValueChange={switchType}
          className="grid w-full grid-cols-2 sm:w-fit"
          items={[
            { value: 'url', label: t('form.typeUrl') },
            { value: 'account', label: t('form.typeAccount') },
          ]}
        />
        <div id={panel.panel} {...tabPanelProps(panel.tab)} className="grid gap-5 rounded-lg outline-none">
          {type === 'url' ? (
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
          ) : (
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
                      {...register('username')}
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
                      {...register('password')}
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
          )}
        </div>
      </div>

      <fieldset className="grid gap-4 rounded-lg border border-dashed p-4">
        <legend className="px-1 text-sm font-medium">{t('form.security')}</legend>
        <div className="flex items-start gap-3">
          <input
            id={`${idPrefix}-has-pin`}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            aria-describedby={`${idPrefix}-has-pin-hint`}
            {...register('hasPin', {
              onChange: () => clearErrors(['pin', 'confirmPin']),
            })}
          />
          <div className="grid gap-1">
            <label htmlFor={`${idPrefix}-has-pin`} className="text-sm font-medium leading-none">
              {t('form.hasPin')}
            </label>
            <p id={`${idPrefix}-has-pin-hint`} className="text-sm text-muted-foreground">
              {keepsPinHint ? t('form.hasPinKeepHint') : t('form.hasPinHint', { min: PIN_MIN })}
            </p>
          </div>
        </div>
        {hasPin ? (
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id={`${idPrefix}-pin`} label={t('form.pin')} error={errorText(errors.pin?.message)}>
              {(field) => <PinInput {...field} filterDigits={filterPinDigits} {...register('pin')} />}
            </FormField>
            <FormField
              id={`${idPrefix}-confirm-pin`}
              label={t('form.confirmPin')}
              error={errorText(confirmError)}
            >
              {(field) => <PinInput {...field} filterDigits={filterPinDigits} {...register('confirmPin')} />}
            </FormField>
          </div>
        ) : null}
      </fieldset>
    </div>
  );
}
