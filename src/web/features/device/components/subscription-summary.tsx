import type { DeviceView } from '@shared/api/device';
import { daysLeft } from '@shared/plans';
import { Activity, CalendarClock, Infinity as InfinityIcon, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/utils';
import { planCode, viewerState } from '../subscription-state';
import { useTimeLeftText } from '../use-subscription-text';
import { SubscriptionStateBadge } from './subscription-badges';
import { SubscriptionBanners } from './subscription-banners';

function Fact({
  label,
  icon,
  className,
  children,
}: {
  label: string;
  icon: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2 rounded-lg border bg-background/60 p-3 sm:p-4', className)}>
      <dt className="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-muted-foreground">
        <span className="hidden size-7 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary sm:flex">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/** Subscription type, time left and status (docs/product.md), under the banners that apply. */
export function SubscriptionSummary({ device }: { device: DeviceView }) {
  const { t } = useTranslation('device');
  const state = viewerState(device);
  const timeLeft = useTimeLeftText(device);
  const code = planCode(device.payment_type);

  return (
    <section aria-labelledby="subscription-title" className="grid gap-4">
      <h2 id="subscription-title" className="sr-only">
        {t('subscription.title')}
      </h2>
      <SubscriptionBanners device={device} state={state} days={daysLeft(device.expired_date)} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact label={t('subscription.type')} icon={<ShieldCheck aria-hidden="true" className="size-4" />}>
          {t(`plan.type.${code}`)}
        </Fact>
        <Fact
          label={t('subscription.timeLeft')}
          icon={
            device.payment_type === 'lifetime' ? (
              <InfinityIcon aria-hidden="true" className="size-4" />
            ) : (
              <CalendarClock aria-hidden="true" className="size-4" />
            )
          }
        >
          <span data-testid="time-left">{timeLeft}</span>
        </Fact>
        <Fact
          label={t('subscription.status')}
          className="col-span-2 sm:col-span-1"
          icon={<Activity aria-hidden="true" className="size-4" />}
        >
          <SubscriptionStateBadge state={state} />
        </Fact>
      </dl>
    </section>
  );
}
