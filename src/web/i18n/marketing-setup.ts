import { LANGUAGE_CODES, toSupportedLanguage } from '@shared/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageDetector, localesBackend } from './browser-plugins';
import { applyDocumentLanguage, DEFAULT_NAMESPACE } from './languages';
import { baseInitOptions } from './options';
import type { SsrState } from './ssr-state';

/**
 * The marketing pages' i18next: the same detection, caches, retries and files as the main app
 * (setup.ts), plus the translations the server embedded in the page, so the first render has the
 * server's text synchronously and hydrates without a mismatch. Every key exists in every language
 * (check-i18n), so a supported language needs no English fallback files; an unsupported one falls
 * back to English.
 *
 * `hydrate` is true when the browser's own choice (query, cookie, storage, browser setting) is the
 * language the server rendered; otherwise the page is rendered again in the browser's language once
 * `ready` resolves.
 */
export function initMarketingI18n(
  state: SsrState | null,
  brandName: string,
): { ready: Promise<unknown>; hydrate: boolean } {
  i18next.on('languageChanged', applyDocumentLanguage);
  const ready = i18next
    .use(localesBackend)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      ...baseInitOptions(brandName),
      fallbackLng: (code: string) => ((LANGUAGE_CODES as readonly string[]).includes(code) ? [] : ['en']),
      ns: state ? Object.keys(state.resources) : [DEFAULT_NAMESPACE, 'marketing'],
      ...(state ? { resources: { [state.lng]: state.resources } } : {}),
      partialBundledLanguages: true,
      initAsync: false,
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
    });
  const hydrate =
    state !== null && i18next.isInitialized && toSupportedLanguage(i18next.language) === state.lng;
  return { ready, hydrate };
}
