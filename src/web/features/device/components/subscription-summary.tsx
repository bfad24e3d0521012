import type { DeviceView } from '@shared/api/device';
import { daysLeft, subscriptionState, type SubscriptionState } from '@shared/plans';
import {
  Activity,
  CalendarClock,
  CircleAlert,
  Crown,
  Infinity as InfinityIcon,
  ShieldCheck,
  Sparkles,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { formatDate } from '@web/lib/format';
import { cn } from '@web/lib/utils';

export type PlanCode = 'free' | 'year' | 'lifetime' | 'unknown';

/** docs/product.md: free is Trial, year One Year, lifetime Lifetime, anything else Unknown. */
export function planCode(paymentType: string): PlanCode {
  return paymentType === 'free' || paymentType === 'year' || paymentType === 'lifetime'
    ? paymentType
    : 'unknown';
}

const planTones: Record<PlanCode, BadgeTone> = {
  free: 'info',
  year: 'success',
  lifetime: 'success',
  unknown: 'neutral',
};
const planIcons = { free: Sparkles, year: CalendarClock, lifetime: Crown, unknown: null } as const;

export function PlanBadge({ paymentType }: { paymentType: string }) {
  const { t } = useTranslation('device');
  const code = planCode(paymentType);
  const Icon = planIcons[code];
  return (
    <Badge tone={planTones[code]}>
      {Icon ? <Icon aria-hidden="true" className="size-3.5" /> : null}
      {t(`plan.badge.${code}`)}
    </Badge>
  );
}

/** What the viewer is told: a running free trial is a trial, not a subscription about to lapse. */
export type ViewerState = SubscriptionState | 'trial';

export function viewerState(
  device: Pick<DeviceView, 'banned' | 'payment_type' | 'expired_date'>,
): ViewerState {
  const state = subscriptionState(device);
  const running = state === 'active' || state === 'expiring_soon';
  return device.payment_type === 'free' && running ? 'trial' : state;
}

const stateTones: Record<ViewerState, BadgeTone> = {
  active: 'success',
  trial: 'info',
  expiring_soon: 'orange',
  expired: 'warning',
  banned: 'danger',
};

export function SubscriptionStateBadge({ state }: { state: ViewerState }) {
  const { t } = useTranslation('device');
  return <Badge tone={stateTones[state]}>{t(`subscription.state.${state}`)}</Badge>;
}

/** "12 days left", "Never expires" for lifetime, "Expired" once the day has passed. */
export function useTimeLeftText(device: Pick<DeviceView, 'payment_type' | 'expired_date'>): string {
  const { t } = useTranslation('device');
  if (device.payment_type === 'lifetime') return t('subscription.neverExpires');
  const days = daysLeft(device.expired_date);
  if (days === null) return t('subscription.noExpiry');
  if (days <= 0) return t('subscription.expired');
  return t('subscription.daysLeft', { count: days });
}

/** The expiry date in the reader's language, or "Never" for lifetime. */
export function useExpiryText(device: Pick<DeviceView, 'payment_type' | 'expired_date'>): string {
  const { t, i18n } = useTranslation('device');
  if (device.payment_type === 'lifetime' || !device.expired_date) return t('subscription.never');
  return formatDate(device.expired_date, i18n.language);
}

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

/**
 * Subscription type, time left and status (docs/product.md), with a red banner once expired and an
 * amber one in the last seven days of a paid plan; a free trial says how long it has left and where
 * to buy a plan instead.
 */
export function SubscriptionSummary({ device }: { device: DeviceView }) {
  const { t } = useTranslation('device');
  const state = viewerState(device);
  const days = daysLeft(device.expired_date);
  const timeLeft = useTimeLeftText(device);
  const code = planCode(device.payment_type);

  return (
    <section aria-labelledby="subscription-title" className="grid gap-4">
      <h2 id="subscription-title" className="sr-only">
        {t('subscription.title')}
      </h2>
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
