import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/utils';
import {
  dismissToast,
  pauseToast,
  resumeToast,
  useToast,
  type ToastItem,
  type ToastVariant,
} from './toast-store';

export {
  dismissToast,
  toast,
  TOAST_DURATION_MS,
  useToast,
  type ToastInput,
  type ToastVariant,
} from './toast-store';

const TOAST_HOTKEY = 'F8';

const variantStyles: Record<ToastVariant, string> = {
  default: 'border bg-background text-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
  success: 'border-success bg-success text-success-foreground',
};

const variantIcons = { default: Info, destructive: CircleAlert, success: CircleCheck } as const;

function ToastCard({ item }: { item: ToastItem }) {
  // The toaster sits outside the app's Suspense boundary, so it must never suspend.
  const { t } = useTranslation('common', { useSuspense: false });
  const variant = item.variant ?? 'default';
  const Icon = variantIcons[variant];
  return (
    <div
      className={cn(
        'pointer-events-auto flex w-full items-start gap-3 rounded-lg p-4 pe-10 shadow-lg',
        variantStyles[variant],
      )}
      onPointerEnter={pauseToast}
      onPointerLeave={resumeToast}
      onFocus={pauseToast}
      onBlur={resumeToast}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-1">
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description ? <p className="text-sm opacity-90">{item.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        className="absolute end-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X aria-hidden="true" className="size-4" />
        <span className="sr-only">{t('toast.dismiss')}</span>
      </button>
    </div>
  );
}

/**
 * The single place toasts appear. Both live regions exist before any toast does, so screen readers
 * announce it: errors through role=alert, everything else politely through role=status. F8 moves
 * focus to the toast.
 */
export function Toaster() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  const { current: item } = useToast();
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === TOAST_HOTKEY) regionRef.current?.focus();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const isAlert = item?.variant === 'destructive';
  return (
    <section
      ref={regionRef}
      data-toaster
      tabIndex={-1}
      aria-label={ready ? t('toast.region', { hotkey: TOAST_HOTKEY }) : undefined}
      // On a phone the bottom of the screen holds the form's own button (just pressed) and the chat
      // button: a toast there covers one or the other, so it shows below the 4 rem header instead.
      className="pointer-events-none fixed inset-x-4 top-[4.5rem] z-[100] outline-none sm:top-auto sm:bottom-4 sm:start-auto sm:end-4 sm:w-96"
    >
      <div role="alert" aria-atomic="true" className="relative">
        {item && isAlert ? <ToastCard key={item.id} item={item} /> : null}
      </div>
      <div role="status" aria-live="polite" aria-atomic="true" className="relative">
        {item && !isAlert ? <ToastCard key={item.id} item={item} /> : null}
      </div>
    </section>
  );
}
