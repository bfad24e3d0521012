/**
 * The languages the site is offered in, with their writing direction (docs/product.md). Shared so
 * the server renders marketing pages in the same languages, and reads the same cookie, as the browser.
 */
export const LANGUAGES = [
  { code: 'en', dir: 'ltr' },
  { code: 'fr', dir: 'ltr' },
  { code: 'ar', dir: 'rtl' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type TextDirection = 'ltr' | 'rtl';

export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((language) => language.code);
export const FALLBACK_LANGUAGE: LanguageCode = 'en';

/** Keys under which the browser keeps the chosen language (the detector's defaults, named once). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export const LANGUAGE_COOKIE = 'i18next';
/** The query parameter that picks a language (`/?lng=ar`). */
export const LANGUAGE_QUERY_PARAM = 'lng';

/** The code we offer for a language tag ('fr-CA' -> 'fr'), or null when we do not offer it. */
export function matchLanguage(lng: string | undefined | null): LanguageCode | null {
  const base = (lng ?? '').trim().split(/[-_]/)[0]?.toLowerCase();
  return LANGUAGE_CODES.find((code) => code === base) ?? null;
}

/** 'fr-CA' -> 'fr'; anything we do not offer -> the fallback. */
export function toSupportedLanguage(lng: string | undefined | null): LanguageCode {
  return matchLanguage(lng) ?? FALLBACK_LANGUAGE;
}

export function directionOf(lng: string | undefined | null): TextDirection {
  const code = toSupportedLanguage(lng);
  return LANGUAGES.find((language) => language.code === code)?.dir ?? 'ltr';
}
