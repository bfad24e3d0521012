import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '@web/lib/form-errors';
import { isDeviceValidationKey } from './schemas';

/** A form message in the reader's language: the device page's own keys, else the common ones. */
export function useFieldError(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('device');
  return (message) => {
    if (!message) return undefined;
    return isDeviceValidationKey(message) ? t(`validation.${message}`) : fieldErrorText(message);
  };
}
