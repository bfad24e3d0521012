/**
 * docs/product.md: credit packs. The more credits a reseller buys at once, the less each costs;
 * the discount is against the base price of the smallest pack.
 */
export interface CreditTier {
  min: number;
  /** null: no upper bound. */
  max: number | null;
  pricePerCredit: number;
}

export const CREDIT_TIERS: CreditTier[] = [
  { min: 10, max: 49, pricePerCredit: 8 },
  { min: 50, max: 99, pricePerCredit: 7.5 },
  { min: 100, max: 249, pricePerCredit: 7 },
  { min: 250, max: null, pricePerCredit: 6.5 },
];

/** 7.5 against 8 -> 0.0625 (6.25%). */
export function tierDiscount(tier: CreditTier, base: CreditTier = CREDIT_TIERS[0] as CreditTier): number {
  return (base.pricePerCredit - tier.pricePerCredit) / base.pricePerCredit;
}

/** The tier a purchase of `credits` falls in; undefined below the smallest pack. */
export function tierFor(credits: number): CreditTier | undefined {
  return CREDIT_TIERS.find((tier) => credits >= tier.min && (tier.max === null || credits <= tier.max));
}
