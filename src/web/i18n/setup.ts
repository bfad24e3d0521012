import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage } from './languages';
import { baseInitOptions, detectionOptions } from './options';

/**
 * Browser set-up: translations come from /locales/{lng}/{ns}.json. A failed file is retried up to
 * five times, waiting 350 ms and doubling the wait each time; at most ten files load in parallel.
 */
export function initI18n(): typeof i18next {
  i18next.on('languageChanged', applyDocumentLanguage);
  void i18next
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init<HttpBackendOptions>({
      ...baseInitOptions,
      detection: detectionOptions,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
    });
  return i18next;
}
