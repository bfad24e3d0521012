import { brand } from '@shared/brand';
import { useTranslation } from 'react-i18next';
import { MarketingSection } from '../components/marketing-section';

export function ContactPage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingSection
      title={t('pages.contact.title')}
      intro={t('pages.contact.intro', { brand: brand.name })}
    />
  );
}
