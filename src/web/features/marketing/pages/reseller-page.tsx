import { brand } from '@shared/brand';
import { BadgePercent, Headphones, LayoutDashboard, MessageCircle, Tags } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CtaBand } from '../components/cta-band';
import { ctaButton } from '../components/cta-button';
import { IconCard } from '../components/icon-card';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { StepList } from '../components/step-list';
import { formatAmount, formatNumber, formatPercent } from '../lib/format';
import { CREDIT_TIERS, tierDiscount } from '../lib/reseller-tiers';

const BENEFITS = [
  { key: 'margins', icon: BadgePercent },
  { key: 'freedom', icon: Tags },
  { key: 'panel', icon: LayoutDashboard },
  { key: 'support', icon: Headphones },
] as const;

const STEPS = ['apply', 'review', 'approval', 'credits', 'setup', 'manage'] as const;

/** Opens the messaging app in a new tab with a first message already written. */
function ChatLink({ tone, children }: { tone: 'light' | 'ghostLight' | 'primary'; children: string }) {
  const { t } = useTranslation('marketing');
  const href = `${brand.messagingLink}?text=${encodeURIComponent(t('reseller.chatMessage'))}`;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={ctaButton({ tone, size: 'lg' })}>
      <MessageCircle aria-hidden="true" className="rtl:-scale-x-100" />
      {children}
      <span className="sr-only"> {t('newTab')}</span>
    </a>
  );
}

function TierTable() {
  const { t, i18n } = useTranslation('marketing');
  const lng = i18n.language;
  return (
    <div className="mx-auto max-w-3xl overflow-x-auto rounded-2xl border bg-card shadow-sm">
      <table className="w-full text-start">
        <caption className="sr-only">{t('reseller.tiers.caption')}</caption>
        <thead className="bg-muted/60 text-sm">
          <tr>
            <th scope="col" className="px-5 py-3 text-start font-semibold">
              {t('reseller.tiers.credits')}
            </th>
            <th scope="col" className="px-5 py-3 text-start font-semibold">
              {t('reseller.tiers.price')}
            </th>
            <th scope="col" className="px-5 py-3 text-start font-semibold">
              {t('reseller.tiers.discount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {CREDIT_TIERS.map((tier) => {
            const discount = tierDiscount(tier);
            return (
              <tr key={tier.min} className="border-t">
                <th scope="row" className="px-5 py-4 text-start font-semibold">
                  {tier.max === null
                    ? t('reseller.tiers.rangeOpen', { min: formatNumber(lng, tier.min) })
                    : t('reseller.tiers.range', {
                        min: formatNumber(lng, tier.min),
                        max: formatNumber(lng, tier.max),
                      })}
                </th>
                <td className="px-5 py-4 text-lg font-bold">
                  {t('price', { amount: formatAmount(lng, tier.pricePerCredit, 2) })}
                </td>
                <td className="px-5 py-4">
                  <span
                    className={
                      discount > 0
                        ? 'rounded-full bg-emerald-500/15 px-2.5 py-1 text-sm font-semibold text-emerald-800 dark:text-emerald-300'
                        : 'text-sm text-muted-foreground'
                    }
                  >
                    {formatPercent(lng, discount)}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function ResellerPage() {
  const { t } = useTranslation('marketing');
  const steps = STEPS.map((key) => ({
    key,
    title: t(`reseller.steps.${key}.title`),
    text: t(`reseller.steps.${key}.text`),
  }));
  return (
    <>
      <PageHero
        documentTitle={t('meta.reseller.title')}
        title={t('reseller.title')}
        intro={t('reseller.intro')}
      >
        <ChatLink tone="primary">{t('reseller.apply')}</ChatLink>
        <a href="#credit-prices" className={ctaButton({ tone: 'outline', size: 'lg' })}>
          {t('reseller.seePrices')}
        </a>
      </PageHero>
      <Section title={t('reseller.benefits.title')}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ key, icon }) => (
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
        <TierTable />
      </Section>
      <CtaBand title={t('reseller.cta.title')} text={t('reseller.cta.text')}>
        <ChatLink tone="light">{t('reseller.cta.button')}</ChatLink>
      </CtaBand>
    </>
  );
}
