import { clsx } from 'clsx';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@web/components/ui/button-variants';
import { useRouteBoundOpen } from '@web/lib/use-route-bound-open';

const loadPanel = () => import('./mobile-menu-panel');
const MobileMenuPanel = lazy(loadPanel);

/**
 * Full-screen slide-in menu for small screens (docs/product.md). It locks page scroll while open,
 * closes on Escape, on its close button and on any route change.
 */
export function MobileMenu({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useRouteBoundOpen();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback(() => {
    setOpen(false);
    triggerRef.current?.focus();
  }, [setOpen]);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label={t('nav.openMenu')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        // Start fetching the panel's code as the finger or pointer comes down.
        onPointerDown={() => void loadPanel()}
        onClick={() => setOpen(true)}
        className={clsx(buttonVariants({ variant: 'ghost', size: 'icon' }), className)}
      >
        <Menu aria-hidden="true" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MobileMenuPanel id={panelId} onClose={close} onNavigate={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
