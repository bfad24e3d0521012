import i18next from 'i18next';
import type { z } from 'zod';

function isBlank(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

/**
 * Zod error map for forms: the shared schemas stay language-free and the messages come from
 * `validation.*` in the user's language. Pass it as the resolver's parse options:
 * `zodResolver(schema, { error: formErrorMap })`.
 */
export const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  const t = i18next.t;
  if (isBlank(issue.input)) return t('validation.required', { ns: 'common' });
  switch (issue.code) {
    case 'invalid_format':
      return issue.format === 'email'
        ? t('validation.email', { ns: 'common' })
        : t('validation.invalid', { ns: 'common' });
    case 'too_small':
      if (issue.origin === 'string')
        return t('validation.tooShort', { ns: 'common', count: Number(issue.minimum) });
      break;
    case 'too_big':
      if (issue.origin === 'string')
        return t('validation.tooLong', { ns: 'common', count: Number(issue.maximum) });
      break;
    default:
      break;
  }
  return t('validation.invalid', { ns: 'common' });
};

/**
 * The text to show for a field error. Schemas may carry a code of their own as the message
 * (changePasswordFormSchema says 'passwords_dont_match'); those are translated from `validation.*`.
 */
export function fieldErrorText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = `validation.${message}`;
  return i18next.exists(key, { ns: 'common' })
    ? i18next.t(key as 'validation.invalid', { ns: 'common' })
    : message;
}
