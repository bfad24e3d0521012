import type { ProbeResult } from '@shared/api/playlist-probe';
import { useTranslation } from 'react-i18next';
import { useProbeText } from '@web/lib/use-probe-text';
import { cn } from '@web/lib/utils';

/**
 * Under a saved playlist, on the device page and in the panel's playlist list: its last check, if any
 * (the texts are the device page's, so both say the same).
 */
export function LastProbeLine({ result }: { result: ProbeResult | null | undefined }) {
  const { t } = useTranslation('device');
  const probeText = useProbeText();
  if (!result) return null;
  return (
    <p className={cn('text-xs', result.ok ? 'text-muted-foreground' : 'text-amber-700 dark:text-amber-300')}>
      {t('probe.lastCheck', { result: probeText(result) })}
    </p>
  );
}
