import { Globe, Headphones, MonitorPlay, MonitorSmartphone, ShieldCheck, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconCard } from '../icon-card';
import { Section } from '../section';

const FEATURES = [
  { key: 'channels', icon: MonitorPlay },
  { key: 'quality', icon: Sparkles },
  { key: 'coverage', icon: Globe },
  { key: 'support', icon: Headphones },
  { key: 'security', icon: ShieldCheck },
  { key: 'devices', icon: MonitorSmartphone },
] as const;

/** Six reasons to choose the service, as icon cards. */
export function FeaturesSection() {
  const { t } = useTranslation('marketing');
  return (
    <Section
      eyebrow={t('home.features.eyebrow')}
      title={t('home.features.title')}
      subtitle={t('home.features.subtitle')}
      tinted
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ key, icon }) => (
          <li key={key}>
            <IconCard icon={icon} title={t(`home.features.${key}.title`)}>
              {t(`home.features.${key}.text`)}
            </IconCard>
          </li>
        ))}
      </ul>
    </Section>
  );
}
