import type { PanelDevice } from '@shared/api/panel-device';
import { daysLeft, EXPIRING_SOON_DAYS } from '@shared/plans';
import { CalendarClock, CircleAlert, Clock } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDate } from '@web/lib/format';
import { NoValue, PaidBadge } from './device-badges';
import { DetailList, DetailRow } from './detail-list';

/**
 * docs/product.md: 0 days or less is a red 'Subscription Expired' banner, 1 to 7 days an
 * 'Expiring Soon' banner with the count; lifetime never expires.
 */
export function ExpiryBanner({ left }: { left: number | null }) {
  const { t } = useTranslation('panel-devices');
  if (left === null || left > EXPIRING_SOON_DAYS) return null;
  const expired = left <= 0;
  return (
    <div
      className={
        expired
          ? 'flex gap-3 rounded-lg border border-red-600/40 bg-red-50 p-4 text-red-900 dark:bg-red-950/60 dark:text-red-100'
          : 'flex gap-3 rounded-lg border border-amber-600/40 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100'
      }
    >
      {expired ? (
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      ) : (
        <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      )}
      <div className="grid gap-1">
        <p className="font-semibold">
          {expired ? t('subscription.expiredTitle') : t('subscription.expiringTitle')}
        </p>
        <p className="text-sm">
          {expired ? t('subscription.expiredText') : t('subscription.expiringText', { count: left })}
        </p>
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
            {device.name ? device.name : <span>{t('notProvided')}</span>}
          </DetailRow>
          <DetailRow label={t('subscription.phone')}>
            {device.phone ? <span dir="ltr">{device.phone}</span> : <span>{t('notProvided')}</span>}
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
        <ExpiryBanner left={left} />
      </CardContent>
      {children ? <CardFooter>{children}</CardFooter> : null}
    </Card>
  );
}
