import { brand } from '@shared/brand';
import { useTranslation } from 'react-i18next';
import { MarketingSection } from '../components/marketing-section';

export function HowItWorksPage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingSection
      title={t('pages.howItWorks.title')}
      intro={t('pages.howItWorks.intro', { brand: brand.name })}
    />
  );
}
