import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageDetector, localesBackend } from './browser-plugins';
import { applyDocumentLanguage } from './languages';
import { baseInitOptions } from './options';

/**
 * Browser set-up: translations come from /locales/{lng}/{ns}.json. A failed file is retried up to
 * five times, waiting 350 ms and doubling the wait each time; at most ten files load in parallel.
 */
export function initI18n(brandName: string): typeof i18next {
  i18next.on('languageChanged', applyDocumentLanguage);
  void i18next
    .use(localesBackend)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      ...baseInitOptions(brandName),
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
    });
  return i18next;
}
