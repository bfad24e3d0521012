import { whatsappLink } from '@shared/brand';
import type { Prices } from '@shared/prices';
import { resellerMargins } from '@shared/reseller-pricing';
import { BadgePercent, Headphones, LayoutDashboard, Mail, MessageCircle, Tags } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand } from '@web/lib/brand';
import { CtaBand } from '../components/cta-band';
import { ctaButton } from '../components/cta-button';
import { IconCard } from '../components/icon-card';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { ResellerTierTable } from '../components/reseller-tier-table';
import { StepList } from '../components/step-list';
import { formatPercent, formatPrice } from '../lib/format';

const OTHER_BENEFITS = [
  { key: 'freedom', icon: Tags },
  { key: 'panel', icon: LayoutDashboard },
  { key: 'support', icon: Headphones },
] as const;

const STEPS = ['apply', 'review', 'approval', 'credits', 'setup', 'manage'] as const;

/**
 * Opens the messaging app in a new tab with a first message already written; without a messaging
 * number, the contact page (its form reaches the admins).
 */
function ApplyLink({ tone, chatLabel }: { tone: 'light' | 'primary'; chatLabel: string }) {
  const { t } = useTranslation('marketing');
  const href = whatsappLink(useBrand(), t('reseller.chatMessage'));
  if (!href)
    return (
      <Link to="/contact" className={ctaButton({ tone, size: 'lg' })}>
        <Mail aria-hidden="true" />
        {t('reseller.applyByForm')}
      </Link>
    );
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={ctaButton({ tone, size: 'lg' })}>
      <MessageCircle aria-hidden="true" className="rtl:-scale-x-100" />
      {chatLabel}
      <span className="sr-only"> {t('newTab')}</span>
    </a>
  );
}

/**
 * The margin a reseller keeps when selling at the site's own prices, computed from the configured
 * prices (src/shared/prices.ts); no card at all when those prices leave no margin.
 */
function useMarginBenefit(prices: Prices): { title: string; text: string } | null {
  const { t, i18n } = useTranslation('marketing');
  const margins = resellerMargins(prices);
  if (!margins) return null;
  const lng = i18n.language;
  const max = formatPercent(lng, margins.max / 100);
  return {
    title:
      margins.min !== null && margins.min !== margins.max
        ? t('reseller.benefits.margins.titleRange', { min: formatPercent(lng, margins.min / 100), max })
        : margins.min !== null
          ? t('reseller.benefits.margins.titleExact', { max })
          : t('reseller.benefits.margins.titleUpTo', { max }),
    text: t('reseller.benefits.margins.text', {
      year: t('price', { amount: formatPrice(lng, prices.viewer.year) }),
      lifetime: t('price', { amount: formatPrice(lng, prices.viewer.lifetime) }),
    }),
  };
}

export function ResellerPage() {
  const { t } = useTranslation('marketing');
  const brand = useBrand();
  const margin = useMarginBenefit(brand.prices);
  const chat = whatsappLink(brand) !== null;
  const steps = STEPS.map((key) => ({
    key,
    title: t(`reseller.steps.${key}.title`),
    text: key === 'apply' && !chat ? t('reseller.steps.apply.textByForm') : t(`reseller.steps.${key}.text`),
  }));
  return (
    <>
      <PageHero
        documentTitle={t('meta.reseller.title')}
        title={t('reseller.title')}
        intro={t('reseller.intro')}
      >
        <ApplyLink tone="primary" chatLabel={t('reseller.apply')} />
        <a href="#credit-prices" className={ctaButton({ tone: 'outline', size: 'lg' })}>
          {t('reseller.seePrices')}
        </a>
      </PageHero>
      <Section title={t('reseller.benefits.title')}>
        <ul className={`grid gap-6 sm:grid-cols-2 ${margin ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
          {margin ? (
            <li>
              <IconCard icon={BadgePercent} title={margin.title}>
                {margin.text}
              </IconCard>
            </li>
          ) : null}
          {OTHER_BENEFITS.map(({ key, icon }) => (
            <li key={key}>
              <IconCard icon={icon} title={t(`reseller.benefits.${key}.title`)}>
                {t(`reseller.benefits.${key}.text`)}
              </IconCard>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('reseller.steps.title')} tinted>
        <StepList steps={steps} />
      </Section>
      <Section id="credit-prices" title={t('reseller.tiers.title')} subtitle={t('reseller.tiers.subtitle')}>
        <ResellerTierTable prices={brand.prices} />
      </Section>
      <CtaBand title={t('reseller.cta.title')} text={t('reseller.cta.text')}>
        <ApplyLink tone="light" chatLabel={t('reseller.cta.button')} />
      </CtaBand>
    </>
  );
}
