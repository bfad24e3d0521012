import { brand } from '@shared/brand';
import {
  Apple,
  ArrowRight,
  Cast,
  Globe,
  Headphones,
  Laptop,
  MonitorPlay,
  MonitorSmartphone,
  RotateCcw,
  ShieldCheck,
  Smartphone,
  Sparkles,
  Tablet,
  Tv,
  Usb,
  Zap,
} from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@web/components/document-title';
import { CheckList } from '../components/check-list';
import { Countdown } from '../components/countdown';
import { CtaBand } from '../components/cta-band';
import { ctaButton } from '../components/cta-button';
import { DeviceShowcase } from '../components/device-showcase';
import { IconCard } from '../components/icon-card';
import { Section } from '../components/section';
import { StepList } from '../components/step-list';

const FEATURES = [
  { key: 'channels', icon: MonitorPlay },
  { key: 'quality', icon: Sparkles },
  { key: 'coverage', icon: Globe },
  { key: 'support', icon: Headphones },
  { key: 'security', icon: ShieldCheck },
  { key: 'devices', icon: MonitorSmartphone },
] as const;

const STATS = ['channels', 'uptime', 'catchup', 'support'] as const;

const DEVICES = [
  { key: 'tv', icon: Tv },
  { key: 'stick', icon: Usb },
  { key: 'box', icon: Cast },
  { key: 'phone', icon: Smartphone },
  { key: 'tablet', icon: Tablet },
  { key: 'computer', icon: Laptop },
] as const;

function Hero() {
  const { t } = useTranslation('marketing');
  const trust = [
    { key: 'securePayment', icon: ShieldCheck },
    { key: 'instantActivation', icon: Zap },
    { key: 'moneyBack', icon: RotateCcw },
  ] as const;

  return (
    <section className="relative isolate overflow-hidden bg-indigo-950 text-white">
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        <div className="absolute -top-40 start-[-10%] size-[32rem] rounded-full bg-violet-600/40 blur-3xl" />
        <div className="absolute -bottom-48 end-[-10%] size-[30rem] rounded-full bg-fuchsia-600/30 blur-3xl" />
        <div className="absolute top-1/3 start-1/2 size-72 rounded-full bg-sky-500/20 blur-3xl" />
      </div>
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:px-8 lg:pt-20 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/10 px-3 py-1 text-sm font-medium text-indigo-50">
            <Sparkles aria-hidden="true" className="size-4 text-amber-300" />
            {t('home.hero.badge')}
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {t('home.hero.title')}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-indigo-100">
            {t('home.hero.subtitle')}
          </p>
          <p className="mt-3 text-base font-semibold text-amber-200">{t('home.hero.slogan')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/order" className={ctaButton({ tone: 'light', size: 'lg' })}>
              {t('home.hero.startTrial')}
              <ArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
            </Link>
            <Link to="/pricing" className={ctaButton({ tone: 'ghostLight', size: 'lg' })}>
              {t('home.hero.viewPlans')}
            </Link>
          </div>
          <div className="mt-8 max-w-md">
            <Countdown />
          </div>
          <ul aria-label={t('home.trust.label')} className="mt-8 flex flex-wrap gap-x-6 gap-y-3">
            {trust.map(({ key, icon: Icon }) => (
              <li key={key} className="flex items-center gap-2 text-sm font-medium text-indigo-50">
                <Icon aria-hidden="true" className="size-5 text-emerald-300" />
                {t(`home.trust.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="hidden pb-8 sm:block">
          <DeviceShowcase />
        </div>
      </div>
    </section>
  );
}

function Stats() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-label={t('home.stats.label')} className="border-b bg-background">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-10 sm:px-6 md:grid-cols-4 lg:px-8">
        {STATS.map((key) => (
          <div key={key} className="flex flex-col-reverse text-center">
            <dt className="mt-1 text-sm text-muted-foreground">{t(`home.stats.${key}.label`)}</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-primary sm:text-4xl">
              {t(`home.stats.${key}.value`)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function About() {
  const { t } = useTranslation('marketing');
  const points = t('home.about.points', { returnObjects: true });
  return (
    <Section eyebrow={t('home.about.eyebrow')} title={t('home.about.title')} tinted align="start">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="text-lg leading-relaxed text-muted-foreground">{t('home.about.text')}</p>
          <CheckList items={Object.values(points)} className="mt-6" />
          <a
            href={brand.appStoreUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-8 inline-flex items-center gap-3 rounded-xl bg-black px-5 py-2.5 text-white shadow-lg outline-none ring-1 ring-white/10 transition-transform hover:-translate-y-0.5 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background motion-reduce:transition-none dark:ring-white/25"
          >
            <Apple aria-hidden="true" className="size-7 fill-current" />
            <span className="flex flex-col items-start leading-tight">
              <span className="text-xs">{t('home.about.appStoreSmall')}</span>
              <span className="text-lg font-semibold">{t('home.about.appStoreLarge')}</span>
            </span>
            <span className="sr-only">
              {t('home.about.appStoreLabel')} {t('newTab')}
            </span>
          </a>
        </div>
        <ul aria-label={t('home.about.devices.label')} className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {DEVICES.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="flex flex-col items-center gap-3 rounded-2xl border bg-card px-3 py-6 text-center shadow-sm"
            >
              <span className="grid size-14 place-items-center rounded-2xl bg-gradient-to-br from-indigo-500/15 to-fuchsia-500/15 text-primary">
                <Icon aria-hidden="true" className="size-7" strokeWidth={1.75} />
              </span>
              <span className="text-sm font-medium">{t(`home.about.devices.${key}`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

function Steps() {
  const { t } = useTranslation('marketing');
  const steps = (['install', 'activate', 'watch'] as const).map((key) => ({
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

function Features() {
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
        <Stats />
      </Suspense>
      <Suspense>
        <About />
      </Suspense>
      <Suspense>
        <Steps />
      </Suspense>
      <Suspense>
        <Features />
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
