import { useTranslation } from 'react-i18next';
import { Badge, toneForStatus } from '@web/components/ui/badge';
import { paymentTypeLabelKey, paymentTypeTone } from './device-labels';

/** Active or Banned, in docs/product.md's colours. */
export function DeviceStatusBadge({ banned }: { banned: boolean }) {
  const { t } = useTranslation('panel-devices');
  return (
    <Badge tone={toneForStatus(banned ? 'banned' : 'active')}>
      {banned ? t('status.banned') : t('status.active')}
    </Badge>
  );
}

/** Free, Year or Lifetime (Blocked when banned). */
export function PaymentTypeBadge({ device }: { device: { banned: boolean; payment_type: string } }) {
  const { t } = useTranslation('panel-devices');
  const key = paymentTypeLabelKey(device);
  return <Badge tone={paymentTypeTone(key)}>{t(`paymentType.${key}`)}</Badge>;
}

/** Paid or Unpaid. */
export function PaidBadge({ paid }: { paid: boolean }) {
  const { t } = useTranslation('panel-devices');
  return (
    <Badge tone={paid ? toneForStatus('paid') : 'neutral'}>
      {paid ? t('payment.paid') : t('payment.unpaid')}
    </Badge>
  );
}

/** An empty cell or value: a dash for the eye, a word for screen readers. */
export function NoValue() {
  const { t } = useTranslation('panel-devices');
  return (
    <>
      <span aria-hidden="true" className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">{t('none')}</span>
    </>
  );
}
