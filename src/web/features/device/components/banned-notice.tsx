import { ShieldBan } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

/** docs/product.md: for a banned device only 'Banned User' shows. */
export function BannedNotice({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('device');
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-4 rounded-2xl border border-red-600/30 bg-card p-8 text-center shadow-sm">
      <span className="flex size-14 items-center justify-center rounded-full bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-200">
        <ShieldBan aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-bold">{t('banned.title')}</h1>
      <p className="text-muted-foreground">{t('banned.text')}</p>
      <Button variant="outline" onClick={onBack}>
        {t('banned.back')}
      </Button>
    </div>
  );
}
