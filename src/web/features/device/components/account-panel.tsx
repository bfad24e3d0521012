import type { DeviceView } from '@shared/api/device';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@web/components/ui/copy-button';
import { planCode, viewerState } from '../subscription-state';
import { useExpiryText } from '../use-subscription-text';
import { DeviceKeyReset } from './device-key-reset';
import { SubscriptionStateBadge } from './subscription-badges';

/** The Account tab: MAC (with a copy button), plan, status and expiry date; then the key reset. */
export function AccountPanel({ device }: { device: DeviceView }) {
  const { t } = useTranslation('device');
  const expiry = useExpiryText(device);
  const rows: { label: string; value: ReactNode }[] = [
    {
      label: t('account.mac'),
      value: (
        <span className="inline-flex items-center gap-1">
          <span dir="ltr" className="font-mono">
            {device.mac}
          </span>
          <CopyButton value={device.mac} label={t('account.mac')} />
        </span>
      ),
    },
    { label: t('account.type'), value: t(`plan.type.${planCode(device.payment_type)}`) },
    { label: t('account.status'), value: <SubscriptionStateBadge state={viewerState(device)} /> },
    { label: t('account.expiry'), value: expiry },
  ];
  return (
    <div className="grid gap-5">
      <section aria-labelledby="account-title" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
        <h2 id="account-title" className="mb-4 text-lg font-semibold">
          {t('account.title')}
        </h2>
        <dl className="divide-y">
          {rows.map((row) => (
            <div key={row.label} className="grid gap-1 py-3 sm:grid-cols-3 sm:items-center sm:gap-4">
              <dt className="text-sm text-muted-foreground">{row.label}</dt>
              <dd className="font-medium sm:col-span-2">{row.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <DeviceKeyReset />
    </div>
  );
}
