import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage, NAMESPACES } from '@web/i18n/languages';
import { languageDetector } from '@web/i18n/browser-plugins';
import { baseInitOptions } from '@web/i18n/options';
import { TEST_BRAND } from './fixtures';

/** Every public/locales/<lng>/<ns>.json, bundled into the test instead of fetched over HTTP. */
const files = import.meta.glob<Record<string, unknown>>('../../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const testResources: Resource = {};
for (const [path, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) continue;
  const [, lng, ns] = match;
  testResources[lng] = { ...testResources[lng], [ns]: content };
}

/**
 * The app's i18next set-up (same options, same detector and caches, same <html lang dir> handling)
 * with the translations in memory, so tests render real text synchronously.
 */
export async function initTestI18n(): Promise<typeof i18next> {
  if (i18next.isInitialized) return i18next;
  i18next.on('languageChanged', applyDocumentLanguage);
  await i18next
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      ...baseInitOptions(TEST_BRAND.name),
      lng: 'en',
      ns: [...NAMESPACES],
      resources: testResources,
      initAsync: false,
    });
  return i18next;
}
