import type { DeviceMessageTarget } from '@shared/api/device-message';
import { useTranslation } from 'react-i18next';

export type MessageFilter = Extract<DeviceMessageTarget, { to: 'filter' }>['filter'];

/** The device list's filters in words ("Plan: Lifetime · Search: “ada”"), as its filter bar names them. */
export function useFilterSummary(filter: MessageFilter | null): string {
  const { t } = useTranslation('panel-devices');
  if (!filter) return '';
  const parts: string[] = [];
  if (filter.status) parts.push(`${t('devices.filters.plan')}: ${t(`paymentType.${filter.status}`)}`);
  if (filter.payment)
    parts.push(
      `${t('devices.filters.payment')}: ${
        filter.payment === 'free' ? t('devices.filters.free') : t(`payment.${filter.payment}`)
      }`,
    );
  if (filter.search) parts.push(`${t('devices.filters.search')}: “${filter.search}”`);
  if (filter.expiring) parts.push(t(`devices.filters.expiring.${filter.expiring}`));
  return parts.join(' · ');
}
