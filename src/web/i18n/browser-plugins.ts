import type { BackendModule, LanguageDetectorModule, ReadCallback } from 'i18next';
import type { DetectorOptions } from 'i18next-browser-languagedetector';
import { detectionOptions } from './options';

/**
 * The two browser plugins i18next needs, written small because they are part of every marketing
 * page's first load (docs/decisions/0006). They do what i18next-browser-languagedetector and
 * i18next-http-backend did here, with the options of options.ts; i18next itself still does the
 * retries (5, from 350 ms, doubling) and limits parallel reads (10).
 */

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

function readStorage(storage: () => Storage, key: string | undefined): string | undefined {
  if (!key) return undefined;
  try {
    return storage().getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Candidates from each source, in the configured order (docs/product.md). */
export function detectLanguages(options: DetectorOptions = detectionOptions): string[] {
  const found: (string | undefined)[] = [];
  for (const source of options.order ?? []) {
    switch (source) {
      case 'querystring':
        found.push(
          new URLSearchParams(window.location.search).get(options.lookupQuerystring ?? 'lng') ?? undefined,
        );
        break;
      case 'cookie':
        found.push(readCookie(options.lookupCookie ?? 'i18next'));
        break;
      case 'localStorage':
        found.push(readStorage(() => window.localStorage, options.lookupLocalStorage));
        break;
      case 'sessionStorage':
        found.push(readStorage(() => window.sessionStorage, options.lookupSessionStorage));
        break;
      case 'navigator':
        found.push(...(navigator.languages ?? []), navigator.language);
        break;
      case 'htmlTag':
        found.push(document.documentElement.getAttribute('lang') ?? undefined);
        break;
      default:
        break;
    }
  }
  return found.filter((value): value is string => typeof value === 'string' && value !== '');
}

/** Remembers the chosen language in local storage and a cookie the server reads. */
export function cacheLanguage(lng: string, options: DetectorOptions = detectionOptions): void {
  if (lng === 'cimode') return;
  for (const cache of options.caches ?? []) {
    if (cache === 'localStorage' && options.lookupLocalStorage) {
      try {
        window.localStorage.setItem(options.lookupLocalStorage, lng);
      } catch {
        // Storage blocked: the cookie still carries the choice.
      }
    }
    if (cache === 'cookie') {
      const minutes = options.cookieMinutes ?? 60 * 24 * 365;
      const attributes = [
        `expires=${new Date(Date.now() + minutes * 60_000).toUTCString()}`,
        `path=${options.cookieOptions?.path ?? '/'}`,
        'SameSite=Lax',
      ];
      document.cookie = `${options.lookupCookie ?? 'i18next'}=${encodeURIComponent(lng)}; ${attributes.join('; ')}`;
    }
  }
}

export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  init: () => undefined,
  detect: () => detectLanguages(),
  cacheUserLanguage: (lng) => cacheLanguage(lng),
};

/** Reads /locales/{lng}/{ns}.json; network and server errors are retried by i18next, 4xx are not. */
export const localesBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`).then(
      async (response) => {
        if (!response.ok) {
          const retry = response.status >= 500 || response.status === 408 || response.status === 429;
          callback(new Error(`failed loading ${response.url}: ${response.status}`), retry);
          return;
        }
        callback(null, (await response.json()) as Record<string, unknown>);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};
