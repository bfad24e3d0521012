import type { DeviceView } from '@shared/api/device';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/utils';
import type { ViewerState } from '../subscription-state';

/**
 * A red banner once expired and an amber one in the last seven days of a paid plan; a free trial
 * says how long it has left and where to buy a plan instead.
 */
export function SubscriptionBanners({
  device,
  state,
  days,
}: {
  device: DeviceView;
  state: ViewerState;
  days: number | null;
}) {
  const { t } = useTranslation('device');
  return (
    <>
      {state === 'expired' ? (
        <Banner tone="danger" title={t('subscription.expiredBanner.title')}>
          {t('subscription.expiredBanner.text')}
        </Banner>
      ) : null}
      {state === 'trial' && days !== null ? (
        <Banner tone="info" title={t('subscription.trialBanner.title', { count: days })}>
          {t('subscription.trialBanner.text')}{' '}
          <a
            href={`/order?mac=${encodeURIComponent(device.mac)}`}
            className="font-semibold underline underline-offset-4 hover:no-underline"
          >
            {t('subscription.trialBanner.buy')}
          </a>
        </Banner>
      ) : null}
      {state === 'expiring_soon' && days !== null ? (
        <Banner tone="warning" title={t('subscription.expiringBanner.title')}>
          {t('subscription.expiringBanner.text', { count: days })}
        </Banner>
      ) : null}
    </>
  );
}

function Banner({
  tone,
  title,
  children,
}: {
  tone: 'danger' | 'warning' | 'info';
  title: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'flex items-start gap-3 rounded-lg border p-4',
        tone === 'danger' && 'border-red-600/40 bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-100',
        tone === 'warning' &&
          'border-amber-600/40 bg-amber-50 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100',
        tone === 'info' && 'border-sky-600/40 bg-sky-50 text-sky-950 dark:bg-sky-950/60 dark:text-sky-100',
      )}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{children}</p>
      </div>
    </div>
  );
}
