import { ArrowRight, MonitorSmartphone, Tv, Usb } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CtaBand } from '../components/cta-band';
import { ctaButton } from '../components/cta-button';
import { IconCard } from '../components/icon-card';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { StepList } from '../components/step-list';

const DEVICES = [
  { key: 'smartTv', icon: Tv },
  { key: 'streaming', icon: Usb },
  { key: 'mobile', icon: MonitorSmartphone },
] as const;

function StepLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded font-semibold text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
      <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
    </Link>
  );
}

export function HowItWorksPage() {
  const { t } = useTranslation('marketing');
  const steps = [
    {
      key: 'choose',
      title: t('howItWorks.steps.choose.title'),
      text: t('howItWorks.steps.choose.text'),
      action: <StepLink to="/pricing">{t('howItWorks.steps.choose.link')}</StepLink>,
    },
    { key: 'pay', title: t('howItWorks.steps.pay.title'), text: t('howItWorks.steps.pay.text') },
    {
      key: 'setup',
      title: t('howItWorks.steps.setup.title'),
      text: t('howItWorks.steps.setup.text'),
      action: <StepLink to="/tutorials">{t('howItWorks.steps.setup.link')}</StepLink>,
    },
    { key: 'watch', title: t('howItWorks.steps.watch.title'), text: t('howItWorks.steps.watch.text') },
  ];
  return (
    <>
      <PageHero
        documentTitle={t('meta.howItWorks.title')}
        title={t('howItWorks.title')}
        intro={t('howItWorks.intro')}
      />
      <Section title={t('howItWorks.stepsTitle')}>
        <StepList steps={steps} columns={4} />
      </Section>
      <Section title={t('howItWorks.devices.title')} subtitle={t('howItWorks.devices.subtitle')} tinted>
        <ul className="grid gap-6 md:grid-cols-3">
          {DEVICES.map(({ key, icon }) => (
            <li key={key}>
              <IconCard icon={icon} title={t(`howItWorks.devices.${key}.title`)}>
                {t(`howItWorks.devices.${key}.text`)}
              </IconCard>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand title={t('howItWorks.cta.title')} text={t('howItWorks.cta.text')}>
        <Link to="/contact" className={ctaButton({ tone: 'light', size: 'lg' })}>
          {t('howItWorks.cta.button')}
        </Link>
      </CtaBand>
    </>
  );
}
