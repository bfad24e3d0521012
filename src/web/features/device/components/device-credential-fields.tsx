import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { PasswordInput } from '@web/components/password-input';
import { MacInput } from '@web/components/ui/mac-input';
import { useFieldError } from '../use-field-error';

/**
 * MAC address and MAC key, the pair that opens a device (docs/product.md), for the sign-in
 * form and the standalone Add Playlist screen alike. Used inside a FormProvider.
 */
export function DeviceCredentialFields({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation('device');
  const errorText = useFieldError();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<{ mac: string; cle_mac: string }>();
  return (
    <>
      <FormField id={`${idPrefix}-mac`} label={t('login.mac')} error={errorText(errors.mac?.message)}>
        {(field) => (
          <Controller
            control={control}
            name="mac"
            render={({ field: { ref, value, onChange, onBlur, name } }) => (
              <MacInput
                {...field}
                ref={ref}
                name={name}
                value={value}
                onBlur={onBlur}
                onValueChange={onChange}
              />
            )}
          />
        )}
      </FormField>
      {/* Registered in the render function, after the MAC's Controller: a failed submit focuses the
          first field registered, and that must be the MAC. */}
      <FormField id={`${idPrefix}-key`} label={t('login.key')} error={errorText(errors.cle_mac?.message)}>
        {(field) => (
          <PasswordInput
            {...field}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono uppercase tracking-wider"
            showLabel={t('login.showKey')}
            hideLabel={t('login.hideKey')}
            {...register('cle_mac')}
          />
        )}
      </FormField>
    </>
  );
}
