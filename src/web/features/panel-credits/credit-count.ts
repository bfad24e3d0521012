import { useTranslation } from 'react-i18next';
import { formatNumber } from '@web/lib/format';

/** "1 credit", "12 credits": the plural and the digits of the reader's language. */
export function useCreditCount(): (value: number) => string {
  const { t, i18n } = useTranslation('panel-network');
  return (value) => t('credits.count', { count: value, formatted: formatNumber(value, i18n.language) });
}
