import type { PanelDevice } from '@shared/api/panel-device';
import { daysLeft, displayedState, EXPIRING_SOON_DAYS } from '@shared/plans';
import { CalendarClock, CircleAlert, Clock, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDate } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { NoValue, PaidBadge } from './device-badges';
import { DetailList, DetailRow } from './detail-list';

type BannerKind = 'expired' | 'expiring_soon' | 'trial';

const bannerTones: Record<BannerKind, string> = {
  expired: 'border-red-600/40 bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-100',
  expiring_soon: 'border-amber-600/40 bg-amber-50 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100',
  trial: 'border-sky-600/40 bg-sky-50 text-sky-950 dark:bg-sky-950/60 dark:text-sky-100',
};
const bannerIcons = { expired: CircleAlert, expiring_soon: Clock, trial: Sparkles } as const;

/**
 * docs/product.md: 0 days or less is a red 'Subscription Expired' banner, 1 to 7 days an
 * 'Expiring Soon' banner with the count; lifetime never expires. A running free trial gets a blue
 * 'Free Trial' banner with its days left instead, as on the viewer's device page (displayedState):
 * a trial only ever has 7 days, so by days alone it would read "Expiring Soon" from its first minute.
 */
export function ExpiryBanner({ left, trial }: { left: number | null; trial: boolean }) {
  const { t } = useTranslation('panel-devices');
  if (left === null) return null;
  const kind: BannerKind | null = trial
    ? 'trial'
    : left <= 0
      ? 'expired'
      : left <= EXPIRING_SOON_DAYS
        ? 'expiring_soon'
        : null;
  if (kind === null) return null;
  const Icon = bannerIcons[kind];
  const { title, text } = {
    expired: { title: t('subscription.expiredTitle'), text: t('subscription.expiredText') },
    expiring_soon: {
      title: t('subscription.expiringTitle'),
      text: t('subscription.expiringText', { count: left }),
    },
    trial: { title: t('subscription.trialTitle'), text: t('subscription.trialText', { count: left }) },
  }[kind];
  return (
    <div className={cn('flex gap-3 rounded-lg border p-4', bannerTones[kind])}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{text}</p>
      </div>
    </div>
  );
}

export function SubscriptionCard({ device, children }: { device: PanelDevice; children?: ReactNode }) {
  const { t, i18n } = useTranslation('panel-devices');
  // The time the card was first shown: days left are counted from it (render stays pure).
  const [now] = useState(() => new Date());
  const lifetime = device.payment_type === 'lifetime';
  const left = lifetime ? null : daysLeft(device.expired_date, now);
  const trial = displayedState(device, now) === 'trial';

  return (
    <Card className="flex flex-col">
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-lg">
          <CalendarClock aria-hidden="true" className="size-5 text-primary" />
          {t('subscription.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-4">
        <DetailList>
          <DetailRow label={t('subscription.paymentStatus')}>
            <PaidBadge paid={device.paid} />
          </DetailRow>
          <DetailRow label={t('subscription.clientName')}>
            {device.name ? <bdi>{device.name}</bdi> : <span>{t('notProvided')}</span>}
          </DetailRow>
          <DetailRow label={t('subscription.phone')}>
            {device.phone ? <bdi dir="ltr">{device.phone}</bdi> : <span>{t('notProvided')}</span>}
          </DetailRow>
          <DetailRow label={t('subscription.paymentDate')}>
            {device.date_payment ? formatDate(device.date_payment, i18n.language) : <NoValue />}
          </DetailRow>
          <DetailRow label={t('subscription.expiry')}>
            {lifetime ? (
              t('subscription.never')
            ) : device.expired_date ? (
              formatDate(device.expired_date, i18n.language)
            ) : (
              <NoValue />
            )}
          </DetailRow>
          {left !== null ? (
            <DetailRow label={t('subscription.timeLeft')}>
              {t('subscription.days', { count: Math.max(0, left) })}
            </DetailRow>
          ) : null}
        </DetailList>
        <ExpiryBanner left={left} trial={trial} />
      </CardContent>
      {children ? <CardFooter>{children}</CardFooter> : null}
    </Card>
  );
}
