import { directionOf, LANGUAGE_CODES, type LanguageCode, type TextDirection } from '@shared/languages';
import { createInstance, type i18n as I18n, type Resource, type ResourceLanguage } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { eagerMarketingComponents, MarketingApp } from './app/marketing-app';
import { formatPrice } from './features/marketing/lib/format';
import { marketingPageAt } from './features/marketing/pages';
import { DEFAULT_NAMESPACE, type Namespace } from './i18n/languages';
import { SSR_STATE_ELEMENT_ID, type SsrState } from './i18n/ssr-state';
import { baseInitOptions } from './i18n/options';
import { BrandProvider } from './lib/brand';
import type { Brand } from '@shared/brand';
import { lowestCreditPrice } from '@shared/reseller-pricing';

/**
 * Server rendering of the marketing site (docs/decisions/0006). Built by Vite into the server's
 * folder (ssr/entry-server.js) and loaded by src/server/plugins/web.ts, which adds the document
 * around what render() returns. Translations are bundled, so rendering is synchronous.
 */

const SERVER_NAMESPACES = ['common', 'marketing', 'marketing-docs'] as const satisfies readonly Namespace[];

const files = import.meta.glob<ResourceLanguage>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});
const resources: Resource = {};
for (const [file, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match?.[1] || !match[2] || !(SERVER_NAMESPACES as readonly string[]).includes(match[2])) continue;
  resources[match[1]] = { ...resources[match[1]], [match[2]]: content };
}

function createI18n(lng: LanguageCode, brandName: string): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    ...baseInitOptions(brandName),
    lng,
    ns: [...SERVER_NAMESPACES],
    resources,
    initAsync: false,
  });
  return instance;
}

/** One instance per language and brand name; a server has one brand, so this is built once. */
const i18nInstances = new Map<string, I18n>();
function i18nFor(lng: LanguageCode, brandName: string): I18n {
  const language = LANGUAGE_CODES.includes(lng) ? lng : 'en';
  const key = `${language}|${brandName}`;
  let instance = i18nInstances.get(key);
  if (!instance) {
    instance = createI18n(language, brandName);
    i18nInstances.set(key, instance);
  }
  return instance;
}
const components = await eagerMarketingComponents();

export interface RenderRequest {
  /** Path and query, e.g. "/pricing?lng=fr". */
  url: string;
  lng: LanguageCode;
  /** The operator's brand (config.brand): its name, contacts and prices in the page. */
  brand: Brand;
}

export interface RenderResult {
  status: 200 | 404;
  lang: LanguageCode;
  dir: TextDirection;
  title: string;
  description: string;
  /** Inner HTML of #root. */
  html: string;
  /** JSON for <script type="application/json" id="ssr-state"> (not yet escaped for HTML). */
  state: string;
  stateElementId: string;
}

/** The configured prices the meta descriptions quote (pricing, reseller), written as the pages write them. */
function priceVariables(t: I18n['t'], lng: LanguageCode, brand: Brand) {
  const price = (amount: number) => t('price', { ns: 'marketing', amount: formatPrice(lng, amount) });
  const creditFrom = lowestCreditPrice(brand.prices);
  return {
    yearPrice: price(brand.prices.viewer.year),
    lifetimePrice: price(brand.prices.viewer.lifetime),
    creditFrom: creditFrom === null ? '' : price(creditFrom),
  };
}

/** Hoisted elements React writes ahead of a partial render; the server puts them in <head> itself. */
const HOISTED_PREFIX = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

export function render({ url, lng, brand }: RenderRequest): RenderResult {
  const i18n = i18nFor(lng, brand.name);
  const pathname = new URL(url, 'http://localhost').pathname;
  const page = marketingPageAt(pathname);

  const html = renderToString(
    <StrictMode>
      <BrandProvider value={brand}>
        <I18nextProvider i18n={i18n}>
          <StaticRouter location={url}>
            <MarketingApp components={components} />
          </StaticRouter>
        </I18nextProvider>
      </BrandProvider>
    </StrictMode>,
  ).replace(HOISTED_PREFIX, '');

  const t = i18n.getFixedT(lng);
  const pageTitle = page
    ? t(`meta.${page.id}.title`, { ns: 'marketing' })
    : t('notFound.title', { ns: DEFAULT_NAMESPACE });
  const namespaces: Namespace[] = [DEFAULT_NAMESPACE, ...(page?.namespaces ?? [])];
  const state: SsrState = {
    lng,
    resources: Object.fromEntries(
      namespaces.map((ns) => [ns, i18n.getResourceBundle(lng, ns) as ResourceLanguage]),
    ),
  };

  return {
    status: page ? 200 : 404,
    lang: lng,
    dir: directionOf(lng),
    title: t('documentTitle', { ns: DEFAULT_NAMESPACE, page: pageTitle }),
    description: page
      ? t(`meta.${page.id}.description`, { ns: 'marketing', ...priceVariables(t, lng, brand) })
      : t('notFound.description', { ns: DEFAULT_NAMESPACE }),
    html,
    state: JSON.stringify(state),
    stateElementId: SSR_STATE_ELEMENT_ID,
  };
}
