import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@web/components/ui/button-variants';
import { reloadPage } from '@web/lib/reload';

/** Shown when a page throws or its code cannot be downloaded (say, after a new release). */
export function RouteError() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-2xl font-bold">{t('routeError.title')}</h1>
      <p className="text-muted-foreground">{t('routeError.description')}</p>
      <button type="button" onClick={reloadPage} className={buttonVariants()}>
        <RotateCw aria-hidden="true" />
        {t('routeError.reload')}
      </button>
    </div>
  );
}
