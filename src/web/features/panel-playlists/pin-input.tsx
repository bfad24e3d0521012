import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '@web/components/password-input';
import { PIN_MAX } from '@shared/api/playlist';

/** A PIN field: digits only (anything else is dropped as it is typed), hidden unless shown. */
export function PinInput({ onChange, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation('panel-devices');
  return (
    <PasswordInput
      inputMode="numeric"
      autoComplete="off"
      maxLength={PIN_MAX}
      dir="ltr"
      className="font-mono tracking-widest"
      showLabel={t('playlists.pin.show')}
      hideLabel={t('playlists.pin.hide')}
      {...props}
      onChange={(event) => {
        event.target.value = event.target.value.replace(/\D/g, '').slice(0, PIN_MAX);
        onChange?.(event);
      }}
    />
  );
}
