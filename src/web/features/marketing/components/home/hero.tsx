import { ArrowRight, RotateCcw, ShieldCheck, Sparkles, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Countdown } from '../countdown';
import { Link } from 'react-router';
import { ctaButton } from '../cta-button';
import { DeviceShowcase } from '../device-showcase';

const TRUST = [
  { key: 'securePayment', icon: ShieldCheck },
  { key: 'instantActivation', icon: Zap },
  { key: 'moneyBack', icon: RotateCcw },
] as const;

/** The top of the home page: the h1 over a dark glow, the trial offer, its countdown, the devices. */
export function Hero() {
  const { t } = useTranslation('marketing');
  return (
    <section className="relative isolate overflow-hidden bg-indigo-950 text-white">
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        <div className="absolute -top-40 start-[-10%] size-[32rem] rounded-full bg-violet-600/40 blur-3xl" />
        <div className="absolute -bottom-48 end-[-10%] size-[30rem] rounded-full bg-fuchsia-600/30 blur-3xl" />
        <div className="absolute top-1/3 start-1/2 size-72 rounded-full bg-sky-500/20 blur-3xl" />
      </div>
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:px-chat-clear-7xl lg:pt-20 lg:pb-28">
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
            {TRUST.map(({ key, icon: Icon }) => (
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
