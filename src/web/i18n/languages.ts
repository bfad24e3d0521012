/** The languages the site is offered in, with their writing direction (SPEC.md section 9). */
export const LANGUAGES = [
  { code: 'en', dir: 'ltr' },
  { code: 'fr', dir: 'ltr' },
  { code: 'ar', dir: 'rtl' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type TextDirection = 'ltr' | 'rtl';

export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((language) => language.code);
export const FALLBACK_LANGUAGE: LanguageCode = 'en';

/** 'common' is loaded at start; the others load with the first page that needs them. */
export const NAMESPACES = [
  'common',
  'panel',
  'marketing',
  'device',
  'panel-devices',
  'panel-network',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'common';

/** Keys under which the browser keeps the chosen language (the detector's defaults, named once). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export const LANGUAGE_COOKIE = 'i18next';

/** 'fr-CA' -> 'fr'; anything we do not offer -> the fallback. */
export function toSupportedLanguage(lng: string | undefined | null): LanguageCode {
  const base = (lng ?? '').split('-')[0]?.toLowerCase();
  return LANGUAGE_CODES.find((code) => code === base) ?? FALLBACK_LANGUAGE;
}

export function directionOf(lng: string | undefined | null): TextDirection {
  const code = toSupportedLanguage(lng);
  return LANGUAGES.find((language) => language.code === code)?.dir ?? 'ltr';
}

/** Keeps <html lang dir> in step with the active language (Arabic is right-to-left). */
export function applyDocumentLanguage(lng: string | undefined | null): void {
  if (typeof document === 'undefined') return;
  const code = toSupportedLanguage(lng);
  document.documentElement.lang = code;
  document.documentElement.dir = directionOf(code);
}
