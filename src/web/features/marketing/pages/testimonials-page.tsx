import { brand } from '@shared/brand';
import { useTranslation } from 'react-i18next';
import { MarketingSection } from '../components/marketing-section';

export function TestimonialsPage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingSection
      title={t('pages.testimonials.title')}
      intro={t('pages.testimonials.intro', { brand: brand.name })}
    />
  );
}
