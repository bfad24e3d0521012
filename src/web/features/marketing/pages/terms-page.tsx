import { brand } from '@shared/brand';
import { useTranslation } from 'react-i18next';
import { MarketingSection } from '../components/marketing-section';

export function TermsPage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingSection title={t('pages.terms.title')} intro={t('pages.terms.intro', { brand: brand.name })} />
  );
}
