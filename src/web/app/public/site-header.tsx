import { brand } from '@shared/brand';
import { ChevronDown, CircleUser } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { LanguageSwitcher } from '@web/components/language-switcher';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { cn } from '@web/lib/utils';
import { MobileMenu } from './mobile-menu';
import { DESKTOP_LINKS, MORE_LINKS } from './nav-links';

/** The header turns solid once the page is scrolled more than this (SPEC.md section 9). */
const SCROLLED_THRESHOLD_PX = 10;

const linkClass =
  'rounded-md px-2.5 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(() => window.scrollY > SCROLLED_THRESHOLD_PX);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLLED_THRESHOLD_PX);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return scrolled;
}

export function SiteHeader() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const scrolled = useScrolled();
  const moreActive = MORE_LINKS.some((link) => link.to === pathname);

  return (
    <header
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b transition-colors',
        scrolled
          ? 'border-border bg-background/95 shadow-sm backdrop-blur'
          : 'border-transparent bg-background/70',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="shrink-0 rounded-sm text-lg font-bold text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="lg:hidden">{brand.shortName}</span>
          <span className="hidden lg:inline">{brand.name}</span>
        </Link>

        <nav aria-label={t('nav.main')} className="hidden items-center md:flex">
          {DESKTOP_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === '/'}
              className={({ isActive }) => cn(linkClass, isActive && 'text-primary')}
            >
              {t(link.label)}
            </NavLink>
          ))}
          <DropdownMenu>
            <DropdownMenuTrigger
              className={cn(linkClass, 'inline-flex items-center gap-1', moreActive && 'text-primary')}
            >
              {t('nav.more')}
              <ChevronDown aria-hidden="true" className="size-4" />
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              {MORE_LINKS.map((link) => (
                <DropdownMenuItem key={link.to} asChild>
                  <NavLink to={link.to} className={({ isActive }) => cn(isActive && 'text-primary')}>
                    {t(link.label)}
                  </NavLink>
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        </nav>

        <div className="ms-auto flex items-center gap-1">
          <Button asChild variant="ghost" size="icon">
            <Link to="/account/view" aria-label={t('nav.account')} title={t('nav.account')}>
              <CircleUser aria-hidden="true" />
            </Link>
          </Button>
          <LanguageSwitcher />
          <ThemeToggle />
          <MobileMenu className="md:hidden" />
        </div>
      </div>
    </header>
  );
}
