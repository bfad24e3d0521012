import { ERROR_CODES } from '@shared/api/common';
import i18next from 'i18next';
import { isApiRequestError, type ClientErrorCode } from './api-client';

type TranslatedErrorCode = (typeof ERROR_CODES)[number] | ClientErrorCode;

const TRANSLATED_CODES: readonly string[] = [...ERROR_CODES, 'network_error', 'invalid_response'];

function isTranslatedCode(code: string): code is TranslatedErrorCode {
  return TRANSLATED_CODES.includes(code);
}

/** The error code of any failure; codes we have no text for, and unexpected throws, count as 'unknown'. */
export function errorCodeOf(error: unknown): TranslatedErrorCode | 'unknown' {
  if (isApiRequestError(error) && isTranslatedCode(error.code)) return error.code;
  return 'unknown';
}

/** The message, in the user's language, for a failed call (`errors.<code>` in the common namespace). */
export function translateError(error: unknown): string {
  return i18next.t(`errors.${errorCodeOf(error)}`, { ns: 'common' });
}
