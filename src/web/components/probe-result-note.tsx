import type { ProbeResult } from '@shared/api/playlist-probe';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/utils';
import { useProbeText } from '@web/lib/use-probe-text';

/** What the server found at the address, shown in the form before saving; `null`: it could not check. */
export function ProbeResultNote({ result }: { result: ProbeResult | null }) {
  const { t } = useTranslation('device');
  const probeText = useProbeText();
  const ok = result?.ok === true;
  const Icon = ok ? CircleCheck : CircleAlert;
  return (
    <div
      role="status"
      className={cn(
        'flex items-start gap-2 rounded-lg border p-3 text-sm',
        ok
          ? 'border-emerald-600/40 bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200'
          : 'border-amber-600/40 bg-amber-50 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        <p className="font-medium">{ok ? t('probe.found') : t('probe.problem')}</p>
        <p>{result ? probeText(result) : t('probe.couldNotCheck')}</p>
        {ok ? null : <p>{t('probe.saveAnywayHint')}</p>}
      </div>
    </div>
  );
}
