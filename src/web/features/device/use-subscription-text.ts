import type { DeviceView } from '@shared/api/device';
import { daysLeft } from '@shared/plans';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@web/lib/format';

type Expiry = Pick<DeviceView, 'payment_type' | 'expired_date'>;

/** "12 days left", "Never expires" for lifetime, "Expired" once the day has passed. */
export function useTimeLeftText(device: Expiry): string {
  const { t } = useTranslation('device');
  if (device.payment_type === 'lifetime') return t('subscription.neverExpires');
  const days = daysLeft(device.expired_date);
  if (days === null) return t('subscription.noExpiry');
  if (days <= 0) return t('subscription.expired');
  return t('subscription.daysLeft', { count: days });
}

/** The expiry date in the reader's language, or "Never" for lifetime. */
export function useExpiryText(device: Expiry): string {
  const { t, i18n } = useTranslation('device');
  if (device.payment_type === 'lifetime' || !device.expired_date) return t('subscription.never');
  return formatDate(device.expired_date, i18n.language);
}
