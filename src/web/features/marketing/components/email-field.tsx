import type { UseFormRegisterReturn } from 'react-hook-form';
import { InputField } from '@web/components/form-field';

/** An e-mail address field, written left to right whatever the page's direction. */
export function EmailField({
  id,
  label,
  error,
  registration,
}: {
  id: string;
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <InputField
      id={id}
      label={label}
      error={error}
      type="email"
      autoComplete="email"
      inputMode="email"
      dir="ltr"
      {...registration}
    />
  );
}
