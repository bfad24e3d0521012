import { brand } from '@shared/brand';
import { CircleUser, Menu, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogTitle, DialogTrigger, SheetContent } from '@web/components/ui/dialog';
import { useRouteBoundOpen } from '@web/lib/use-route-bound-open';
import { cn } from '@web/lib/utils';
import { MOBILE_LINKS } from './nav-links';

/**
 * Full-screen slide-in menu for small screens. As a modal dialog it locks page scroll, traps focus
 * and closes on Escape; it also closes on any route change.
 */
export function MobileMenu({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useRouteBoundOpen();

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className={className} aria-label={t('nav.openMenu')}>
          <Menu aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <SheetContent className="inset-0 w-full p-4" aria-describedby={undefined}>
        <div className="flex items-center justify-between">
          <DialogTitle className="text-lg font-bold text-primary">{brand.name}</DialogTitle>
          <DialogClose asChild>
            <Button variant="ghost" size="icon" aria-label={t('nav.closeMenu')}>
              <X aria-hidden="true" />
            </Button>
          </DialogClose>
        </div>
        <nav aria-label={t('nav.mobileMenu')} className="mt-6 flex flex-1 flex-col">
          <ul className="grid gap-1">
            {MOBILE_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-md px-3 py-3 text-lg font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      isActive && 'bg-primary/10 text-primary',
                    )
                  }
                >
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
          <Button asChild size="lg" className="mt-6">
            <NavLink to="/account/view" onClick={() => setOpen(false)}>
              <CircleUser aria-hidden="true" />
              {t('nav.loginToAccount')}
            </NavLink>
          </Button>
        </nav>
      </SheetContent>
    </Dialog>
  );
}
