import type { Prices } from '@shared/prices';
import { packDiscount } from '@shared/reseller-pricing';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatNumber, formatPercent } from '../lib/format';

/** The reseller page's credit packs: range, price per credit, and the discount against the smallest pack. */
export function ResellerTierTable({ prices }: { prices: Prices }) {
  const { t, i18n } = useTranslation('marketing');
  const lng = i18n.language;
  const packs = prices.creditPacks;
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
          {packs.map((tier) => {
            const discount = packDiscount(tier, packs);
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
