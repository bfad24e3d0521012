import type { InitOptions } from 'i18next';
import type { DetectorOptions } from 'i18next-browser-languagedetector';
import {
  DEFAULT_NAMESPACE,
  FALLBACK_LANGUAGE,
  LANGUAGE_CODES,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
} from './languages';

const ONE_YEAR_IN_MINUTES = 60 * 24 * 365;

/** Detection as docs/product.md lists it; the choice is remembered in local storage and a cookie. */
export const detectionOptions: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: LANGUAGE_COOKIE,
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  lookupSessionStorage: LANGUAGE_STORAGE_KEY,
  caches: ['localStorage', 'cookie'],
  // The server reads this cookie to render marketing pages in the visitor's language.
  cookieMinutes: ONE_YEAR_IN_MINUTES,
  cookieOptions: { path: '/', sameSite: 'lax' },
};

/**
 * Options shared by the browser set-ups, the server renderer and the unit-test set-up. `brandName`
 * (the operator's, from the page's brand state) fills {{brand}} in every text.
 */
export const baseInitOptions = (brandName: string) =>
  ({
    supportedLngs: [...LANGUAGE_CODES],
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'languageOnly',
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    fallbackNS: DEFAULT_NAMESPACE,
    // React already escapes what it renders. {{brand}} is filled in everywhere (white-label name).
    interpolation: { escapeValue: false, defaultVariables: { brand: brandName } },
    returnNull: false,
  }) satisfies InitOptions;
