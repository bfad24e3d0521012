import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * A spinning indicator announced as "Loading". It also serves as the fallback while translations
 * load, so it never suspends: without translations it is announced by role alone. Plain clsx, not
 * cn: it is the marketing pages' loading fallback and tailwind-merge stays out of their first load
 * (docs/decisions/0006).
 */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  const text = label ?? (ready ? t('status.loading') : undefined);
  return (
    <span role="status" className={clsx('inline-flex items-center justify-center', className)}>
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-primary" />
      {text ? <span className="sr-only">{text}</span> : null}
    </span>
  );
}

/** Covers the viewport while a page or its translations load. */
export function FullScreenSpinner() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-background">
      <Spinner />
    </div>
  );
}
