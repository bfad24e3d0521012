import { clsx } from 'clsx';
import { ArrowRight, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckList } from '../components/check-list';
import { ctaButton } from '../components/cta-button';
import { FaqList } from '../components/faq-list';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { useBrand } from '@web/lib/brand';
import { formatPrice } from '../lib/format';

/**
 * docs/product.md: free 7-day trial, one year for 2 devices, lifetime for 3 devices; the paid plans at
 * the brand's prices (PRICE_ONE_YEAR, PRICE_LIFETIME).
 */
export const PLANS = [
  { key: 'free', plan: null, devices: 1, to: '/order', popular: false },
  { key: 'standard', plan: 'year', devices: 2, to: '/order?plan=1year', popular: true },
  { key: 'premium', plan: 'lifetime', devices: 3, to: '/order?plan=lifetime', popular: false },
] as const;

const PRICING_QUESTIONS = ['change', 'methods', 'trial'] as const;

export function PricingPage() {
  const { t, i18n } = useTranslation('marketing');
  const { prices } = useBrand();
  return (
    <>
      <PageHero
        documentTitle={t('meta.pricing.title')}
        title={t('pricing.title')}
        intro={t('pricing.intro')}
      />
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-chat-clear-7xl">
        <ul className="grid items-stretch gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => {
            const features = Object.values(t(`pricing.${plan.key}.features`, { returnObjects: true }));
            return (
              <li
                key={plan.key}
                className={clsx(
                  'relative flex flex-col rounded-3xl border bg-card p-8 shadow-sm',
                  plan.popular &&
                    'border-primary shadow-xl shadow-primary/15 ring-2 ring-primary lg:-my-4 lg:py-12',
                )}
              >
                {plan.popular ? (
                  <p className="absolute -top-3.5 start-1/2 -translate-x-1/2 rounded-full bg-primary px-4 py-1 text-xs font-bold uppercase tracking-wide text-primary-foreground shadow rtl:translate-x-1/2">
                    {t('pricing.popular')}
                  </p>
                ) : null}
                <h2 className="text-xl font-bold">{t(`pricing.${plan.key}.name`)}</h2>
                <p className="mt-2 text-muted-foreground">{t(`pricing.${plan.key}.description`)}</p>
                <p className="mt-6 flex items-baseline gap-2">
                  <span className="text-5xl font-extrabold tracking-tight">
                    {t('price', {
                      amount: formatPrice(i18n.language, plan.plan ? prices.viewer[plan.plan] : 0),
                    })}
                  </span>
                  <span className="text-muted-foreground">{t(`pricing.${plan.key}.period`)}</span>
                </p>
                <p className="mt-2 text-sm font-semibold text-primary">
                  {t('pricing.devices', { count: plan.devices })}
                </p>
                <CheckList items={features} className="mt-6 flex-1" />
                <Link
                  to={plan.to}
                  className={clsx(
                    ctaButton({ tone: plan.popular ? 'primary' : 'outline', size: 'lg' }),
                    'mt-8 w-full',
                  )}
                >
                  {t(`pricing.${plan.key}.button`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
      <Section title={t('pricing.faq.title')} tinted>
        <FaqList
          items={PRICING_QUESTIONS.map((key) => ({
            id: `pricing-${key}`,
            question: t(`pricing.faq.${key}.question`),
            answer: t(`pricing.faq.${key}.answer`),
          }))}
        />
        <p className="mt-8 text-center">
          <Link
            to="/faq"
            className="inline-flex items-center gap-1.5 rounded font-semibold text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t('pricing.faq.more')}
            <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </Link>
        </p>
      </Section>
      <section aria-labelledby="guarantee-title" className="px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 rounded-3xl border border-emerald-600/30 bg-emerald-50 p-10 text-center dark:bg-emerald-950/40 sm:flex-row sm:text-start">
          <span className="grid size-16 shrink-0 place-items-center rounded-2xl bg-emerald-600 text-white shadow-lg shadow-emerald-600/30">
            <RotateCcw aria-hidden="true" className="size-8" />
          </span>
          <div className="flex-1">
            <h2 id="guarantee-title" className="text-2xl font-bold">
              {t('pricing.guarantee.title')}
            </h2>
            <p className="mt-2 text-muted-foreground">{t('pricing.guarantee.text')}</p>
          </div>
          <Link to="/order" className={ctaButton({ size: 'lg' })}>
            {t('pricing.guarantee.button')}
          </Link>
        </div>
      </section>
    </>
  );
}
