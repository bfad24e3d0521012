import type { Notification, PanelUser } from '@shared/api/auth';
import { Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '@web/components/language-switcher';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogTitle, SheetContent } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { useBrand } from '@web/lib/brand';
import { useSignOut } from '@web/lib/panel-session';
import { usePanelSettings } from '@web/lib/panel-settings';
import { useRouteBoundOpen } from '@web/lib/use-route-bound-open';
import { cn } from '@web/lib/utils';
import { CreditsBadge } from './credits';
import { IdleWarningDialog } from './idle-warning-dialog';
import { NotificationsMenu } from './notifications-menu';
import { SidebarNav } from './sidebar-nav';
import { useIdleTimeout } from './use-idle-timeout';
import { UserMenu } from './user-menu';

const SIDEBAR_ID = 'panel-sidebar';

function Brand({ compact }: { compact: boolean }) {
  const brand = useBrand();
  return (
    <Link
      to="/dashboard/home"
      className="flex h-16 shrink-0 items-center gap-2 border-b px-4 text-lg font-bold text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
    >
      <span aria-hidden={compact ? true : undefined} className={cn(compact && 'mx-auto')}>
        {compact ? brand.shortName.charAt(0) : brand.name}
      </span>
      {compact ? <span className="sr-only">{brand.name}</span> : null}
    </Link>
  );
}

/**
 * The signed-in panel: a sidebar (collapsible on wide screens, a drawer below 768 px), the header
 * with title, notifications, theme, credits and the user menu, and the page itself.
 */
export function PanelShell({
  user,
  notifications,
  children,
}: {
  user: PanelUser;
  notifications: Notification[];
  children: ReactNode;
}) {
  const { t } = useTranslation('panel');
  const [settings, updateSettings] = usePanelSettings();
  const [drawerOpen, setDrawerOpen] = useRouteBoundOpen();
  const signOut = useSignOut();
  const collapsed = settings.sidebarCollapsed;
  const isAdmin = user.role === 'admin';

  const idle = useIdleTimeout(() => {
    if (signOut.isPending) return;
    signOut.mutate();
    toast({ title: t('shell.signedOutIdle') });
  });

  return (
    <div className="flex min-h-dvh bg-muted/30">
      <aside
        className={cn(
          'sticky top-0 hidden h-dvh shrink-0 flex-col border-e bg-background transition-[width] md:flex',
          collapsed ? 'w-16' : 'w-64',
        )}
      >
        <Brand compact={collapsed} />
        <SidebarNav id={SIDEBAR_ID} user={user} collapsed={collapsed} />
      </aside>

      <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SheetContent className="w-72 max-w-[85vw] md:hidden" aria-describedby={undefined}>
          <DialogTitle className="sr-only">{t('shell.navigation')}</DialogTitle>
          <Brand compact={false} />
          <CreditsBadge user={user} className="mx-4 mt-4 inline-flex self-start" />
          <SidebarNav user={user} onNavigate={() => setDrawerOpen(false)} />
        </SheetContent>
      </Dialog>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-1 border-b sm:gap-2 bg-background/95 px-3 backdrop-blur md:px-6">
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={t('shell.openNavigation')}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="hidden md:inline-flex"
            aria-label={collapsed ? t('shell.expandSidebar') : t('shell.collapseSidebar')}
            aria-controls={SIDEBAR_ID}
            aria-expanded={!collapsed}
            onClick={() => updateSettings({ sidebarCollapsed: !collapsed })}
          >
            {collapsed ? (
              <PanelLeftOpen aria-hidden="true" className="rtl:-scale-x-100" />
            ) : (
              <PanelLeftClose aria-hidden="true" className="rtl:-scale-x-100" />
            )}
          </Button>
          {/* A phone's header has room for about 100 px of title: it takes two lines rather than an ellipsis. */}
          <p className="line-clamp-2 min-w-0 text-base leading-tight font-semibold sm:truncate sm:text-lg">
            {isAdmin ? t('shell.adminTitle') : t('shell.resellerTitle')}
          </p>

          <div className="ms-auto flex items-center gap-1">
            {/* No room on a phone's header: the drawer shows the balance there. */}
            <CreditsBadge user={user} className="me-2 hidden md:inline-flex" />
            <NotificationsMenu notifications={notifications} />
            <LanguageSwitcher />
            <ThemeToggle />
            <UserMenu user={user} onSignOut={() => signOut.mutate()} />
          </div>
        </header>

        <main id="main-content" tabIndex={-1} className="flex-1 p-4 outline-none md:p-8">
          {children}
        </main>
        <IdleWarningDialog open={idle.warning} onStay={idle.stay} />
      </div>
    </div>
  );
}
