import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useCallback, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useReloadDocumentFor } from '@web/lib/document-navigation';
import { useDismiss } from '@web/lib/use-dismiss';
import { useRouteBoundOpen } from '@web/lib/use-route-bound-open';
import { MORE_LINKS } from './nav-links';

/**
 * The header's 'More' links as a disclosure (the WAI-ARIA pattern for site navigation): the links
 * are in the page's HTML for crawlers, shown on demand, hidden again on an outside click, Escape,
 * leaving the menu with the keyboard, or a route change.
 */
export function MoreMenu({ linkClassName }: { linkClassName: string }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const reloadDocumentFor = useReloadDocumentFor();
  const [open, setOpen] = useRouteBoundOpen();
  const listId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(
    ({ restoreFocus }: { restoreFocus: boolean }) => {
      setOpen(false);
      if (restoreFocus) buttonRef.current?.focus();
    },
    [setOpen],
  );
  useDismiss(containerRef, open, close);
  const current = pathname.replace(/\/+$/, '').toLowerCase();
  const containsCurrent = MORE_LINKS.some((link) => link.to === current);

  return (
    <div
      ref={containerRef}
      className="relative"
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className={clsx(linkClassName, 'inline-flex items-center gap-1', containsCurrent && 'text-primary')}
      >
        {t('nav.more')}
        <ChevronDown
          aria-hidden="true"
          className={clsx('size-4 transition-transform', open && 'rotate-180')}
        />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute start-0 top-full z-50 mt-2 min-w-52 rounded-xl border bg-popover p-1.5 text-popover-foreground shadow-lg"
      >
        {MORE_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              reloadDocument={reloadDocumentFor(link.to)}
              onClick={() => setOpen(false)}
              className={({ isActive }) =>
                clsx(
                  'block rounded-lg px-3 py-2 text-sm font-medium outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                  isActive ? 'bg-primary/10 text-primary' : 'text-foreground',
                )
              }
            >
              {t(link.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
