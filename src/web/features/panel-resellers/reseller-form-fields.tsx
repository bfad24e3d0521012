import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '@web/components/form-field';
import { isResellerFormErrorCode } from './reseller-form';

/** Translates the form's own message codes; anything else already is text (from formErrorMap). */
export function useResellerErrorText() {
  const { t } = useTranslation('panel-network');
  return (message: string | undefined, values: { available?: string } = {}) => {
    if (!message) return undefined;
    if (!isResellerFormErrorCode(message)) return message;
    return t(`resellers.form.errors.${message}`, { available: values.available ?? '' });
  };
}

/** E-mail and phone are written left to right in every language, in both forms. */
const LTR_FIELD = { dir: 'ltr', className: 'text-start' } as const;

/** A field both the add and the edit form have: its id and label follow from its name. */
export function ResellerField({
  field,
  ...props
}: { field: 'name' | 'email' | 'phone' } & Omit<ComponentProps<typeof InputField>, 'id' | 'label'>) {
  const { t } = useTranslation('panel-network');
  return (
    <InputField
      id={`reseller-${field}`}
      label={t(`resellers.form.${field}`)}
      {...(field === 'name' ? {} : LTR_FIELD)}
      {...props}
    />
  );
}
