import type { PanelUser } from '@shared/api/auth';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { cn } from '@web/lib/utils';
import { navItemsFor, type NavGroupItem, type NavLinkItem } from './nav-items';

const itemClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-5 [&_svg]:shrink-0';
const activeClass = 'bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary';

function SidebarLink({
  item,
  collapsed,
  onNavigate,
}: {
  item: NavLinkItem;
  collapsed: boolean;
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation('panel');
  const label = t(item.label);
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end
      onClick={onNavigate}
      title={collapsed ? label : undefined}
      className={({ isActive }) => cn(itemClass, collapsed && 'justify-center px-0', isActive && activeClass)}
    >
      <Icon aria-hidden="true" />
      <span className={cn(collapsed && 'sr-only')}>{label}</span>
    </NavLink>
  );
}

function SidebarGroup({
  item,
  collapsed,
  onNavigate,
}: {
  item: NavGroupItem;
  collapsed: boolean;
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation('panel');
  const { pathname } = useLocation();
  const listId = useId();
  const containsCurrent = item.children.some((child) => child.to === pathname);
  const [open, setOpen] = useState(containsCurrent);
  // Arriving on one of its pages opens the group (state adjusted during render, not in an effect).
  const [wasCurrent, setWasCurrent] = useState(containsCurrent);
  if (wasCurrent !== containsCurrent) {
    setWasCurrent(containsCurrent);
    if (containsCurrent) setOpen(true);
  }
  const Icon = item.icon;

  // Collapsed to icons there is no room for a submenu: the children show as icons of their own.
  if (collapsed) {
    return (
      <>
        {item.children.map((child) => (
          <li key={child.to}>
            <SidebarLink item={child} collapsed onNavigate={onNavigate} />
          </li>
        ))}
      </>
    );
  }

  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={cn(itemClass, containsCurrent && 'text-foreground')}
      >
        <Icon aria-hidden="true" />
        <span className="flex-1 text-start">{t(item.label)}</span>
        <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
      </button>
      <ul id={listId} hidden={!open} className="mt-1 grid gap-1 border-s ps-3 ms-5">
        {item.children.map((child) => (
          <li key={child.to}>
            <SidebarLink item={child} collapsed={false} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The panel's links for this user's role; `onNavigate` lets the mobile drawer close itself. */
export function SidebarNav({
  user,
  collapsed = false,
  onNavigate,
  id,
}: {
  user: PanelUser;
  collapsed?: boolean;
  onNavigate?: () => void;
  id?: string;
}) {
  const { t } = useTranslation('panel');
  return (
    <nav id={id} aria-label={t('shell.navigation')} className="flex-1 overflow-y-auto px-2 py-4">
      <ul className="grid gap-1">
        {navItemsFor(user).map((item) =>
          item.kind === 'link' ? (
            <li key={item.to}>
              <SidebarLink item={item} collapsed={collapsed} onNavigate={onNavigate} />
            </li>
          ) : (
            <SidebarGroup key={item.id} item={item} collapsed={collapsed} onNavigate={onNavigate} />
          ),
        )}
      </ul>
    </nav>
  );
}
