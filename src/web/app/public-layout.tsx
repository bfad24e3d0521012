import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ScrollToTop } from '@web/components/scroll-to-top';
import { FullScreenSpinner } from '@web/components/ui/spinner';
import { SiteFooter } from './public/site-footer';
import { SiteHeader } from './public/site-header';

/** Marketing site and device page: fixed header, the page, footer. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('skipToContent')}
      </a>
      <ScrollToTop />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <Suspense fallback={<FullScreenSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
