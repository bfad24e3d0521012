import { PANEL_PATHS, PUBLIC_PATHS, CREDITS_ALIAS_PATH, isMarketingPath } from '@shared/routes';
import { Component, lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { FullScreenSpinner } from '@web/components/ui/spinner';
import { loadNotFoundPage, MARKETING_PAGES, type MarketingPageId } from '@web/features/marketing/pages';
import { MarketingShell } from '@web/lib/document-navigation';
import { PublicLayout } from './public-layout';

/** The page components the marketing app renders: loaded up front on the server, lazily in the browser. */
export interface MarketingComponents {
  pages: Record<MarketingPageId, ComponentType>;
  notFound: ComponentType;
}

/**
 * A page as one element. The browser hydrates on Preact (docs/decisions/0018), which keeps the
 * server's HTML of a page whose code is still loading only if that HTML is a single node; a page of
 * several sections would be taken away and put back, shifting the footer. `contents` gives the
 * wrapper no box, so the layout is the page's own.
 */
function asOneElement(Page: ComponentType): ComponentType {
  const OneElementPage = () => (
    <div className="contents">
      <Page />
    </div>
  );
  OneElementPage.displayName = Page.displayName ?? Page.name;
  return OneElementPage;
}

/** Each page's code is its own chunk, fetched when the page is first shown. */
export function lazyMarketingComponents(): MarketingComponents {
  const pages = Object.fromEntries(
    MARKETING_PAGES.map((page) => [
      page.id,
      lazy(async () => ({ default: asOneElement(await page.load()) })),
    ]),
  ) as unknown as Record<MarketingPageId, ComponentType>;
  return {
    pages,
    notFound: lazy(async () => ({ default: asOneElement(await loadNotFoundPage()) })),
  };
}

/** Every page awaited, so the server renders in one synchronous pass. */
export async function eagerMarketingComponents(): Promise<MarketingComponents> {
  const loaded = await Promise.all(
    MARKETING_PAGES.map(async (page) => [page.id, asOneElement(await page.load())] as const),
  );
  return {
    pages: Object.fromEntries(loaded) as Record<MarketingPageId, ComponentType>,
    notFound: asOneElement(await loadNotFoundPage()),
  };
}

/** The device page and the panel belong to the main app: load them from the server. */
function LoadFromServer() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <FullScreenSpinner />;
}

const MAIN_APP_PATHS = [...PUBLIC_PATHS, ...PANEL_PATHS, CREDITS_ALIAS_PATH].filter(
  (path) => !isMarketingPath(path),
);

const RouteError = lazy(async () => ({ default: (await import('./route-error')).RouteError }));

class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Suspense fallback={null}>
        <RouteError />
      </Suspense>
    );
  }
}

/**
 * The marketing site as its own small app (docs/decisions/0006): the public layout, the marketing
 * pages and the not-found page. The same tree is rendered to HTML on the server (entry-server.tsx)
 * and hydrated in the browser (entry-client.tsx).
 */
export function MarketingApp({ components }: { components: MarketingComponents }) {
  const NotFound = components.notFound;
  return (
    <MarketingShell>
      <PageErrorBoundary>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            <Route element={<PublicLayout />}>
              {MARKETING_PAGES.map((page) => {
                const Page = components.pages[page.id];
                return page.path === '/' ? (
                  <Route key={page.id} index element={<Page />} />
                ) : (
                  <Route key={page.id} path={page.path} element={<Page />} />
                );
              })}
              <Route path="*" element={<NotFound />} />
            </Route>
            {MAIN_APP_PATHS.map((path) => (
              <Route key={path} path={path} element={<LoadFromServer />} />
            ))}
          </Routes>
        </Suspense>
      </PageErrorBoundary>
    </MarketingShell>
  );
}
