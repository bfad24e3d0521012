import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { HydrationMark } from '@web/components/hydration-mark';
import { ScrollToTop } from '@web/components/scroll-to-top';
import { FullScreenSpinner } from '@web/components/ui/spinner';
import { ChatButton } from './public/chat-button';
import { SiteFooter } from './public/site-footer';
import { SiteHeader } from './public/site-header';

/** Marketing site and device page: fixed header, the page, footer and the floating chat button. */
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
      {/* Header, footer and chat button hydrate apart from the page, each in its own short task. */}
      <Suspense>
        <SiteHeader />
      </Suspense>
      <main id="main-content" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <Suspense fallback={<FullScreenSpinner />}>
          <Outlet />
          {/* In the page's own boundary: its effect runs once the page itself has hydrated. */}
          <HydrationMark />
        </Suspense>
      </main>
      <Suspense>
        <SiteFooter />
      </Suspense>
      <Suspense>
        <ChatButton />
      </Suspense>
    </div>
  );
}
