import {
  AudioLines,
  CalendarClock,
  CircleDot,
  Gauge,
  Globe,
  Headphones,
  History,
  MonitorSmartphone,
  ShieldCheck,
  Sparkles,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckList } from '../components/check-list';
import { CtaBand } from '../components/cta-band';
import { ctaButton } from '../components/cta-button';
import { IconCard } from '../components/icon-card';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';

const GRID = [
  { key: 'hd', icon: Sparkles },
  { key: 'international', icon: Globe },
  { key: 'support', icon: Headphones },
  { key: 'security', icon: ShieldCheck },
  { key: 'devices', icon: MonitorSmartphone },
  { key: 'epg', icon: CalendarClock },
] as const;

const ADVANCED = [
  { key: 'catchup', icon: History },
  { key: 'audio', icon: AudioLines },
  { key: 'recording', icon: CircleDot },
  { key: 'streaming', icon: Gauge },
] as const;

export function FeaturesPage() {
  const { t } = useTranslation('marketing');
  const spotlight = t('features.spotlight.items', { returnObjects: true });
  return (
    <>
      <PageHero
        documentTitle={t('meta.features.title')}
        title={t('features.title')}
        intro={t('features.intro')}
      />
      <Section
        eyebrow={t('features.spotlight.eyebrow')}
        title={t('features.spotlight.title')}
        subtitle={t('features.spotlight.text')}
        align="start"
      >
        <div className="rounded-3xl border bg-gradient-to-br from-indigo-50 to-fuchsia-50 p-8 shadow-sm dark:from-indigo-950/50 dark:to-fuchsia-950/30 sm:p-10">
          <CheckList items={Object.values(spotlight)} className="gap-4 text-lg sm:grid-cols-2" />
        </div>
      </Section>
      <Section title={t('features.grid.title')} tinted>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {GRID.map(({ key, icon }) => (
            <li key={key}>
              <IconCard icon={icon} title={t(`features.grid.${key}.title`)}>
                {t(`features.grid.${key}.text`)}
              </IconCard>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('features.advanced.title')} subtitle={t('features.advanced.subtitle')}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ADVANCED.map(({ key, icon }) => (
            <li key={key}>
              <IconCard icon={icon} title={t(`features.advanced.${key}.title`)}>
                {t(`features.advanced.${key}.text`)}
              </IconCard>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand title={t('features.cta.title')} text={t('features.cta.text')}>
        <Link to="/pricing" className={ctaButton({ tone: 'light', size: 'lg' })}>
          {t('features.cta.button')}
        </Link>
      </CtaBand>
    </>
  );
}
