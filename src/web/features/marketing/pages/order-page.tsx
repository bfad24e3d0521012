import { brand } from '@shared/brand';
import { useTranslation } from 'react-i18next';
import { MarketingSection } from '../components/marketing-section';

export function OrderPage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingSection title={t('pages.order.title')} intro={t('pages.order.intro', { brand: brand.name })} />
  );
}
