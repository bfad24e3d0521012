import { brand } from '@shared/brand';
import { useTranslation } from 'react-i18next';
import { MarketingSection } from '../components/marketing-section';

export function FaqPage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingSection title={t('pages.faq.title')} intro={t('pages.faq.intro', { brand: brand.name })} />
  );
}
