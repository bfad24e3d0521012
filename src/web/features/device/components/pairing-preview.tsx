import type { PairingPreview } from '@shared/api/pairing';
import { MonitorSmartphone, Tv } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

/** The device a code opens, masked, and the one button that signs this browser into it. */
export function PairingPreviewCard({
  preview,
  claiming,
  onManage,
}: {
  preview: PairingPreview;
  claiming: boolean;
  onManage: () => void;
}) {
  const { t } = useTranslation('device');
  const minutes = Math.max(1, Math.ceil(preview.expires_in / 60));
  return (
    <section aria-labelledby="pairing-device" className="grid gap-5">
      <div className="flex items-center gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground">
          <Tv aria-hidden="true" className="size-6" />
        </span>
        <div className="grid gap-0.5">
          <h2 id="pairing-device" className="text-lg font-semibold">
            {t('pair.device.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('pair.device.validFor', { count: minutes })}</p>
        </div>
      </div>
      <dl className="divide-y rounded-xl border bg-background/60">
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <dt className="text-sm text-muted-foreground">{t('pair.device.mac')}</dt>
          <dd dir="ltr" className="font-mono font-semibold" data-testid="pairing-mac">
            {preview.mac}
          </dd>
        </div>
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <dt className="text-sm text-muted-foreground">{t('pair.device.app')}</dt>
          <dd className="font-medium">
            <bdi>{preview.app_name ?? t('pair.device.unnamedApp')}</bdi>
          </dd>
        </div>
      </dl>
      <Button size="lg" className="w-full" onClick={onManage} disabled={claiming}>
        <MonitorSmartphone aria-hidden="true" />
        {claiming ? t('pair.device.managing') : t('pair.device.manage')}
      </Button>
    </section>
  );
}
