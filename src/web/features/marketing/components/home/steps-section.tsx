import { useTranslation } from 'react-i18next';
import { Section } from '../section';
import { StepList } from '../step-list';

const STEPS = ['install', 'activate', 'watch'] as const;

/** Install, activate, watch: the three steps from download to the first channel. */
export function StepsSection() {
  const { t } = useTranslation('marketing');
  const steps = STEPS.map((key) => ({
    key,
    title: t(`home.steps.${key}.title`),
    text: t(`home.steps.${key}.text`),
  }));
  return (
    <Section
      eyebrow={t('home.steps.eyebrow')}
      title={t('home.steps.title')}
      subtitle={t('home.steps.subtitle')}
    >
      <StepList steps={steps} />
    </Section>
  );
}
