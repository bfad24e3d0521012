import { RotateCw, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { translateError } from '@web/lib/api-errors';

/** The device page could not ask the server for its session: why, and Try again. */
export function SessionLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('device');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border bg-card p-8 text-center shadow-sm">
      <WifiOff aria-hidden="true" className="size-8 text-muted-foreground" />
      <h1 className="text-xl font-semibold">{t('loadError.title')}</h1>
      <p className="text-muted-foreground">{translateError(error)}</p>
      <Button onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {t('loadError.retry')}
      </Button>
    </div>
  );
}
