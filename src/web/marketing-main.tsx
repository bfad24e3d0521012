import i18next from 'i18next';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { lazyMarketingComponents, MarketingApp } from './app/marketing-app';
import { marketingPageAt } from './features/marketing/pages';
import { initMarketingI18n } from './i18n/marketing-setup';
import { readSsrState } from './i18n/ssr-state';
import { BrandProvider, readBrandState } from './lib/brand';
import { initTheme } from './lib/theme';

/** Lets the browser handle input and paint between start-up steps (no single long task). */
const yieldToMain = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The marketing site in the browser (docs/decisions/0006): hydrates the HTML the server rendered, or
 * renders from scratch when the page came without it (or in another language than the browser's).
 */
async function startMarketingSite(): Promise<void> {
  // The current page's code is fetched right away, alongside the rest of the start-up work.
  void marketingPageAt(window.location.pathname)?.load();
  initTheme();
  const container = document.getElementById('root');
  if (!container) throw new Error('marketing.html has no #root element');

  // React DOM is its own chunk, evaluated in its own task: start-up is several short tasks, not
  // one long one.
  const reactDom = import('react-dom/client');
  await yieldToMain();
  const state = readSsrState();
  const brand = readBrandState();
  const { ready, hydrate } = initMarketingI18n(state, brand.name);
  const { createRoot, hydrateRoot } = await reactDom;
  await yieldToMain();

  const app = (
    <StrictMode>
      <BrandProvider value={brand}>
        <I18nextProvider i18n={i18next}>
          <BrowserRouter>
            <MarketingApp components={lazyMarketingComponents()} />
          </BrowserRouter>
        </I18nextProvider>
      </BrandProvider>
    </StrictMode>
  );
  if (hydrate) {
    hydrateRoot(container, app);
  } else {
    await ready.catch(() => undefined);
    createRoot(container).render(app);
  }
}

void startMarketingSite();
