import type { PanelDevice } from '@shared/api/panel-device';
import { Eye, EyeOff, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { CopyButton } from '@web/components/ui/copy-button';
import { formatDate } from '@web/lib/format';
import { DeviceStatusBadge, NoValue } from './device-badges';
import { planLabelKey } from './device-labels';
import { DetailList, DetailRow } from './detail-list';
import { ResetKeyButton } from './reset-key-button';

/** The device key behind dots, with show/hide and copy. */
function DeviceKey({ value }: { value: string }) {
  const { t } = useTranslation('panel-devices');
  const [visible, setVisible] = useState(false);
  return (
    <>
      {visible ? (
        <span dir="ltr" className="font-mono tracking-wide break-all">
          {value}
        </span>
      ) : (
        <>
          <span aria-hidden="true" className="font-mono tracking-widest">
            ••••••••••
          </span>
          <span className="sr-only">{t('deviceInfo.keyHidden')}</span>
        </>
      )}
      <Button
        variant="ghost"
        size="icon"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={visible ? t('deviceInfo.hideKey') : t('deviceInfo.showKey')}
      >
        {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </Button>
      <CopyButton value={value} label={t('deviceInfo.key')} />
    </>
  );
}

export function DeviceInfoCard({ device }: { device: PanelDevice }) {
  const { t, i18n } = useTranslation('panel-devices');
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-lg">
          <MonitorSmartphone aria-hidden="true" className="size-5 text-primary" />
          {t('deviceInfo.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <DetailList>
          <DetailRow label={t('deviceInfo.id')}>
            <span className="tabular-nums">{device.id}</span>
          </DetailRow>
          <DetailRow label={t('deviceInfo.appName')}>
            {device.app_name ? <bdi>{device.app_name}</bdi> : <span>{t('notProvided')}</span>}
          </DetailRow>
          <DetailRow label={t('deviceInfo.status')}>
            <DeviceStatusBadge banned={device.banned} />
          </DetailRow>
          <DetailRow label={t('deviceInfo.mac')}>
            <span dir="ltr" className="font-mono">
              {device.mac}
            </span>
            <CopyButton value={device.mac} label={t('deviceInfo.mac')} />
          </DetailRow>
          <DetailRow label={t('deviceInfo.key')}>
            {device.cle_mac ? (
              <>
                <DeviceKey value={device.cle_mac} />
                <ResetKeyButton device={device} />
              </>
            ) : (
              <span className="font-normal text-muted-foreground">{t('deviceInfo.keyUnavailable')}</span>
            )}
          </DetailRow>
          <DetailRow label={t('deviceInfo.registered')}>
            {device.created_at ? formatDate(device.created_at, i18n.language) : <NoValue />}
          </DetailRow>
          <DetailRow label={t('deviceInfo.plan')}>
            {t(`paymentType.${planLabelKey(device.payment_type)}`)}
          </DetailRow>
        </DetailList>
      </CardContent>
    </Card>
  );
}
