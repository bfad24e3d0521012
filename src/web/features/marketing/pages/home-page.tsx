import { brand } from '@shared/brand';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { MarketingSection } from '../components/marketing-section';

export function HomePage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingSection title={t('pages.home.title')} intro={t('pages.home.intro', { brand: brand.name })}>
      <div className="flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to="/order">{t('pages.home.startTrial')}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/pricing">{t('pages.home.viewPlans')}</Link>
        </Button>
      </div>
    </MarketingSection>
  );
}
