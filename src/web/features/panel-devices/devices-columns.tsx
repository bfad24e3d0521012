import type { PanelDevice } from '@shared/api/panel-device';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@web/components/data-table';
import { NoValue, PaidBadge, PaymentTypeBadge } from '@web/components/panel-device/device-badges';
import { Badge, toneForStatus } from '@web/components/ui/badge';
import { alignWithSurroundingText } from '@web/lib/bidi';
import { formatDate } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { DeviceStatus } from './device-ban-switch';
import { DeviceActions } from './devices-row-actions';

function ExpiryCell({ device, now }: { device: PanelDevice; now: number }) {
  const { t, i18n } = useTranslation('panel-devices');
  // docs/product.md: a lifetime device shows no expiry date.
  if (device.payment_type === 'lifetime' || !device.expired_date) {
    return (
      <>
        <span aria-hidden="true" className="text-muted-foreground">
          —
        </span>
        <span className="sr-only">{t('devices.noExpiry')}</span>
      </>
    );
  }
  const expired = new Date(device.expired_date).getTime() <= now;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span className="whitespace-nowrap">{formatDate(device.expired_date, i18n.language)}</span>
      {expired ? <Badge tone={toneForStatus('expired')}>{t('status.expired')}</Badge> : null}
    </span>
  );
}

function ClientCell({ device }: { device: PanelDevice }) {
  const { t } = useTranslation('panel-devices');
  return (
    <>
      {device.name ? (
        // In the name's own direction, so a long Latin name in Arabic is cut at its end.
        <span dir="auto" className={cn('block max-w-48 truncate font-medium', alignWithSurroundingText)}>
          {device.name}
        </span>
      ) : (
        <span className="text-muted-foreground">{t('notProvided')}</span>
      )}
      {device.phone ? (
        <span dir="ltr" className={cn('block text-xs text-muted-foreground', alignWithSurroundingText)}>
          {device.phone}
        </span>
      ) : null}
    </>
  );
}

type ColumnId = 'mac' | 'client' | 'plan' | 'payment' | 'expiry' | 'status' | 'registered' | 'actions';

/** Manage Devices' columns, in docs/product.md's order; "expired" is judged against when the page opened. */
export function useDeviceColumns(): DataTableColumn<PanelDevice>[] {
  const { t, i18n } = useTranslation('panel-devices');
  const [now] = useState(() => Date.now());
  const column = (id: ColumnId, cell: DataTableColumn<PanelDevice>['cell']) => ({
    id,
    header: t(`devices.table.${id}`),
    headerClassName: 'whitespace-nowrap',
    cell,
  });
  return [
    column('mac', (device) => (
      <>
        <span dir="ltr" className="font-mono text-sm whitespace-nowrap">
          {device.mac}
        </span>
        {device.app_name ? (
          <span dir="auto" className={cn('block text-xs text-muted-foreground', alignWithSurroundingText)}>
            {device.app_name}
          </span>
        ) : null}
      </>
    )),
    column('client', (device) => <ClientCell device={device} />),
    column('plan', (device) => <PaymentTypeBadge device={device} />),
    column('payment', (device) => <PaidBadge paid={device.paid} />),
    column('expiry', (device) => <ExpiryCell device={device} now={now} />),
    column('status', (device) => <DeviceStatus device={device} />),
    {
      ...column('registered', (device) =>
        device.created_at ? formatDate(device.created_at, i18n.language) : <NoValue />,
      ),
      className: 'whitespace-nowrap',
    },
    { ...column('actions', (device) => <DeviceActions device={device} />), align: 'end' },
  ];
}
