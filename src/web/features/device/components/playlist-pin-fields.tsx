import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PIN_MIN } from '@shared/api/playlist';
import { FormField } from '@web/components/form-field';
import type { PlaylistFormInput } from '../schemas';
import { useFieldError } from '../use-field-error';
import { PinInput } from './pin-input';

/** The playlist form's Security box: "Protect with a PIN", then the PIN and its confirmation. */
export function PlaylistPinFields({
  idPrefix,
  filterPinDigits,
  keepsPinHint,
}: {
  idPrefix: string;
  filterPinDigits: boolean;
  keepsPinHint: boolean;
}) {
  const { t } = useTranslation('device');
  const errorText = useFieldError();
  const {
    register,
    clearErrors,
    control,
    formState: { errors },
  } = useFormContext<PlaylistFormInput>();
  const [hasPin, pin, confirmPin] = useWatch({ control, name: ['hasPin', 'pin', 'confirmPin'] });

  // docs/product.md: the mismatch also shows inline, as soon as the confirmation is as long as the PIN.
  const liveMismatch =
    hasPin && confirmPin && pin && confirmPin.length >= pin.length && confirmPin !== pin
      ? 'pins-do-not-match'
      : undefined;
  const confirmError = errors.confirmPin?.message ?? liveMismatch;

  return (
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
  );
}
