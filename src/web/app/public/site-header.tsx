import { clsx } from 'clsx';
import { CircleUser } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSwitcher } from '@web/components/language-switcher';
import { ThemeToggle } from '@web/components/theme-toggle';
import { buttonVariants } from '@web/components/ui/button-variants';
import { useBrand } from '@web/lib/brand';
import { useReloadDocumentFor } from '@web/lib/document-navigation';
import { BrandLogo } from './brand-logo';
import { MobileMenu } from './mobile-menu';
import { MoreMenu } from './more-menu';
import { DESKTOP_LINKS } from './nav-links';

/** The header turns solid once the page is scrolled more than this (docs/product.md). */
export const SCROLLED_THRESHOLD_PX = 10;

const linkClass =
  'whitespace-nowrap rounded-full px-2.5 py-2 text-sm font-medium text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring lg:px-3';

/** False on the server and in the first client render (so hydration matches), then follows scrolling. */
function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLLED_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return scrolled;
}

export function SiteHeader() {
  const { t } = useTranslation('common');
  const scrolled = useScrolled();
  const brand = useBrand();
  const reloadDocumentFor = useReloadDocumentFor();

  return (
    <header
      data-scrolled={scrolled}
      className={clsx(
        'fixed inset-x-0 top-0 z-40 border-b backdrop-blur-md transition-[background-color,box-shadow,border-color] duration-200',
        scrolled
          ? 'border-border bg-background/95 shadow-md shadow-black/5'
          : 'border-transparent bg-background/70',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          aria-label={brand.name}
          className="shrink-0 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <BrandLogo />
        </Link>

        <nav aria-label={t('nav.main')} className="hidden items-center gap-0.5 md:flex lg:ms-4">
          {DESKTOP_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === '/'}
              reloadDocument={reloadDocumentFor(link.to)}
              className={({ isActive }) =>
                clsx(linkClass, isActive && 'bg-primary/10 text-primary hover:text-primary')
              }
            >
              {t(link.label)}
            </NavLink>
          ))}
          <MoreMenu linkClassName={linkClass} />
        </nav>

        <div className="ms-auto flex items-center gap-1">
          <NavLink
            to="/account/view"
            reloadDocument={reloadDocumentFor('/account/view')}
            aria-label={t('nav.account')}
            title={t('nav.account')}
            className={({ isActive }) =>
              clsx(buttonVariants({ variant: 'ghost', size: 'icon' }), isActive && 'text-primary')
            }
          >
            <CircleUser aria-hidden="true" />
          </NavLink>
          <LanguageSwitcher />
          <ThemeToggle />
          <MobileMenu className="md:hidden" />
        </div>
      </div>
    </header>
  );
}
