import { brand } from '@shared/brand';
import { useTranslation } from 'react-i18next';
import { MarketingSection } from '../components/marketing-section';

export function AboutPage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingSection title={t('pages.about.title')} intro={t('pages.about.intro', { brand: brand.name })} />
  );
}
