import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@web/components/document-title';
import { CtaBand } from '../components/cta-band';
import { ctaButton } from '../components/cta-button';
import { AboutSection } from '../components/home/about-section';
import { FeaturesSection } from '../components/home/features-section';
import { Hero } from '../components/home/hero';
import { StatsBand } from '../components/home/stats-band';
import { StepsSection } from '../components/home/steps-section';

export function HomePage() {
  const { t } = useTranslation('marketing');
  return (
    <>
      <DocumentTitle page={t('meta.home.title')} />
      {/* Each section hydrates on its own, in short tasks the browser can interleave with input. */}
      <Suspense>
        <Hero />
      </Suspense>
      <Suspense>
        <StatsBand />
      </Suspense>
      <Suspense>
        <AboutSection />
      </Suspense>
      <Suspense>
        <StepsSection />
      </Suspense>
      <Suspense>
        <FeaturesSection />
      </Suspense>
      <CtaBand title={t('home.cta.title')} text={t('home.cta.text')}>
        <Link to="/order" className={ctaButton({ tone: 'light', size: 'lg' })}>
          {t('home.hero.startTrial')}
        </Link>
        <Link to="/pricing" className={ctaButton({ tone: 'ghostLight', size: 'lg' })}>
          {t('home.hero.viewPlans')}
        </Link>
      </CtaBand>
    </>
  );
}
