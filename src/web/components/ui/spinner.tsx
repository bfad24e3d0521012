import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/utils';

/**
 * A spinning indicator announced as "Loading". It also serves as the fallback while translations
 * load, so it never suspends: without translations it is announced by role alone.
 */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  const text = label ?? (ready ? t('status.loading') : undefined);
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
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
