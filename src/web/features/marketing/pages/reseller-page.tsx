import { brand } from '@shared/brand';
import { useTranslation } from 'react-i18next';
import { MarketingSection } from '../components/marketing-section';

export function ResellerPage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingSection
      title={t('pages.reseller.title')}
      intro={t('pages.reseller.intro', { brand: brand.name })}
    />
  );
}
