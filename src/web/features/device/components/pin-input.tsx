import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_MAX } from '@shared/api/playlist';
import { PasswordInput } from '@web/components/password-input';

/** Keeps only the digits of what was typed or pasted. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * A PIN field: hidden by default with a show/hide button, a numeric keypad on phones and, on the
 * device page, only digits accepted as the user types (docs/product.md).
 */
export function PinInput({
  filterDigits = true,
  onChange,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { filterDigits?: boolean }) {
  const { t } = useTranslation('device');
  return (
    <PasswordInput
      inputMode="numeric"
      autoComplete="off"
      maxLength={PIN_MAX}
      className="font-mono tracking-widest"
      showLabel={t('pin.show')}
      hideLabel={t('pin.hide')}
      {...props}
      onChange={(event) => {
        if (filterDigits) event.target.value = digitsOnly(event.target.value);
        onChange?.(event);
      }}
    />
  );
}
