import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '@web/lib/form-errors';

/** The message keys the shared contact and registration schemas use (src/shared/api). */
const FORM_MESSAGE_KEYS = [
  'nameRequired',
  'emailRequired',
  'emailInvalid',
  'subjectRequired',
  'messageRequired',
  'phoneRequired',
  'macRequired',
  'macInvalid',
  'planRequired',
] as const;
type FormMessageKey = (typeof FORM_MESSAGE_KEYS)[number];

function isFormMessageKey(message: string): message is FormMessageKey {
  return (FORM_MESSAGE_KEYS as readonly string[]).includes(message);
}

/** A field error in the reader's language: the marketing forms' own keys, else the common ones. */
export function useFormError(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('marketing');
  return (message) => {
    if (!message) return undefined;
    return isFormMessageKey(message) ? t(`forms.errors.${message}`) : fieldErrorText(message);
  };
}
