import { brand } from '@shared/brand';
import { useTranslation } from 'react-i18next';
import { MarketingSection } from '../components/marketing-section';

export function FeaturesPage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingSection
      title={t('pages.features.title')}
      intro={t('pages.features.intro', { brand: brand.name })}
    />
  );
}
