import { directionOf, toSupportedLanguage } from '@shared/languages';

export {
  directionOf,
  FALLBACK_LANGUAGE,
  LANGUAGE_CODES,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  toSupportedLanguage,
  type LanguageCode,
  type TextDirection,
} from '@shared/languages';

/** 'common' is loaded at start; the others load with the first page that needs them. */
export const NAMESPACES = [
  'common',
  'panel',
  'marketing',
  'device',
  'panel-devices',
  'panel-network',
  'marketing-docs',
  'panel-messages',
  'panel-two-factor',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'common';

/** Keeps <html lang dir> in step with the active language (Arabic is right-to-left). */
export function applyDocumentLanguage(lng: string | undefined | null): void {
  if (typeof document === 'undefined') return;
  const code = toSupportedLanguage(lng);
  document.documentElement.lang = code;
  document.documentElement.dir = directionOf(code);
}
