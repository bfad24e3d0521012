import { brand } from '@shared/brand';
import { useTranslation } from 'react-i18next';
import { MarketingSection } from '../components/marketing-section';

export function TutorialsPage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingSection
      title={t('pages.tutorials.title')}
      intro={t('pages.tutorials.intro', { brand: brand.name })}
    />
  );
}
