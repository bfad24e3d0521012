import { clsx } from 'clsx';
import {
  CircleUser,
  CreditCard,
  House,
  Info,
  LayoutDashboard,
  ListVideo,
  Mail,
  MessageSquareQuote,
  ShoppingCart,
  Store,
  X,
} from 'lucide-react';
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { buttonVariants } from '@web/components/ui/button-variants';
import { useReloadDocumentFor } from '@web/lib/document-navigation';
import { BrandLogo } from './brand-logo';
import type { SiteLink } from './nav-links';
import { useModal } from './use-modal';

/** docs/product.md: the mobile menu's links, in its order. */
const MOBILE_LINKS: SiteLink[] = [
  { to: '/', label: 'nav.home', icon: House },
  { to: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/account/playlists', label: 'nav.playlists', icon: ListVideo },
  { to: '/pricing', label: 'nav.pricing', icon: CreditCard },
  { to: '/reseller', label: 'nav.reseller', icon: Store },
  { to: '/order', label: 'nav.order', icon: ShoppingCart },
  { to: '/testimonials', label: 'nav.testimonials', icon: MessageSquareQuote },
  { to: '/contact', label: 'nav.contact', icon: Mail },
  { to: '/about', label: 'nav.about', icon: Info },
];

/**
 * The open mobile menu: a full-screen dialog over the page. Its own chunk, loaded when the menu is
 * first opened, so the icons and links stay out of the pages' first load.
 */
export default function MobileMenuPanel({
  id,
  onClose,
  onNavigate,
}: {
  id: string;
  /** Closed without navigating (close button, Escape): focus goes back to the menu button. */
  onClose: () => void;
  /** A link was followed: the route change closes the menu. */
  onNavigate: () => void;
}) {
  const { t } = useTranslation('common');
  const reloadDocumentFor = useReloadDocumentFor();
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModal(panelRef, onClose);

  return createPortal(
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-background px-4 pb-8 motion-safe:animate-sheet-in rtl:motion-safe:animate-sheet-in-rtl"
    >
      <div className="flex h-16 shrink-0 items-center justify-between">
        <h2 id={titleId}>
          <BrandLogo full />
        </h2>
        <button
          type="button"
          data-autofocus
          aria-label={t('nav.closeMenu')}
          onClick={onClose}
          className={buttonVariants({ variant: 'ghost', size: 'icon' })}
        >
          <X aria-hidden="true" />
        </button>
      </div>
      <nav aria-label={t('nav.mobileMenu')} className="mt-4 flex flex-1 flex-col">
        <ul className="grid gap-1">
          {MOBILE_LINKS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end
                reloadDocument={reloadDocumentFor(to)}
                onClick={onNavigate}
                className={({ isActive }) =>
                  clsx(
                    'flex items-center gap-3 rounded-xl px-4 py-3 text-lg font-medium outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                    isActive ? 'bg-primary/10 text-primary' : 'text-foreground',
                  )
                }
              >
                {Icon ? <Icon aria-hidden="true" className="size-5 shrink-0 opacity-80" /> : null}
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <NavLink
          to="/account/view"
          reloadDocument={reloadDocumentFor('/account/view')}
          onClick={onNavigate}
          className={clsx(buttonVariants({ size: 'lg' }), 'mt-6 w-full rounded-xl')}
        >
          <CircleUser aria-hidden="true" />
          {t('nav.loginToAccount')}
        </NavLink>
      </nav>
    </div>,
    document.body,
  );
}
