import { Gauge, Globe, Headphones, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CtaBand } from '../components/cta-band';
import { ctaButton } from '../components/cta-button';
import { IconCard } from '../components/icon-card';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';

const STRENGTHS = [
  { key: 'quality', icon: Gauge },
  { key: 'coverage', icon: Globe },
  { key: 'reliability', icon: ShieldCheck },
  { key: 'support', icon: Headphones },
] as const;

export function AboutPage() {
  const { t } = useTranslation('marketing');
  return (
    <>
      <PageHero documentTitle={t('meta.about.title')} title={t('about.title')} intro={t('about.intro')} />
      <Section title={t('about.story.title')} align="start">
        <div className="grid max-w-3xl gap-5 text-lg leading-relaxed text-muted-foreground">
          <p>{t('about.story.p1')}</p>
          <p>{t('about.story.p2')}</p>
        </div>
      </Section>
      <Section title={t('about.apart.title')} tinted>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STRENGTHS.map(({ key, icon }) => (
            <li key={key}>
              <IconCard icon={icon} title={t(`about.apart.${key}.title`)}>
                {t(`about.apart.${key}.text`)}
              </IconCard>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('about.vision.title')}>
        <p className="mx-auto max-w-3xl text-center text-xl leading-relaxed text-pretty text-muted-foreground">
          {t('about.vision.text')}
        </p>
      </Section>
      <CtaBand title={t('about.cta.title')} text={t('about.cta.text')}>
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
