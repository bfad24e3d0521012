import { brand } from '@shared/brand';
import { useTranslation } from 'react-i18next';
import { MarketingSection } from '../components/marketing-section';

export function PricingPage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingSection
      title={t('pages.pricing.title')}
      intro={t('pages.pricing.intro', { brand: brand.name })}
    />
  );
}
