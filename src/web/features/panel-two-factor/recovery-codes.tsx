import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { CopyButton } from '@web/components/ui/copy-button';

/** The recovery codes, shown this one time (the server keeps only their hashes). */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => Promise<void> }) {
  const { t } = useTranslation('panel-two-factor');
  return (
    <div className="grid gap-4" role="region" aria-labelledby="recovery-codes-title">
      <div className="grid gap-1">
        <h3 id="recovery-codes-title" className="font-semibold">
          {t('recovery.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('recovery.intro')}</p>
      </div>
      <div className="flex items-start gap-2">
        <ul
          aria-label={t('recovery.listLabel')}
          dir="ltr"
          className="grid flex-1 grid-cols-1 gap-1 rounded-md border bg-muted p-3 font-mono text-sm sm:grid-cols-2"
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <CopyButton value={codes.join('\n')} label={t('recovery.copyLabel')} />
      </div>
      <Button className="justify-self-start" onClick={() => void onDone()}>
        {t('recovery.done')}
      </Button>
    </div>
  );
}
