import type { PaidPlan } from './plans';

/**
 * What the operator charges (docs/product.md §9): viewers pay per plan, resellers buy credits in packs,
 * the more at once the cheaper each. Configured (PRICE_ONE_YEAR, PRICE_LIFETIME, CREDIT_PACKS); the
 * reseller page's margin is computed from these, so it can never promise what the prices do not give.
 */
export interface CreditPack {
  /** The smallest purchase this price applies to. */
  min: number;
  /** The largest, or null for the last pack (no upper bound). */
  max: number | null;
  pricePerCredit: number;
}

export interface Prices {
  /** What a viewer pays for each paid plan, in the site's currency. */
  viewer: Record<PaidPlan, number>;
  /** Ordered by `min`, ranges following one another. */
  creditPacks: CreditPack[];
}

/**
 * The prices docs/product.md §9 lists; the default when the variables are unset. Written out (not
 * built with packsFromMinimums) so the browser's first script carries only this literal.
 */
export const DEFAULT_PRICES: Prices = {
  viewer: { year: 5, lifetime: 10 },
  creditPacks: [
    { min: 10, max: 49, pricePerCredit: 8 },
    { min: 50, max: 99, pricePerCredit: 7.5 },
    { min: 100, max: 249, pricePerCredit: 7 },
    { min: 250, max: null, pricePerCredit: 6.5 },
  ],
};

/** [[10, 8], [50, 7.5]] -> 10-49 at 8, 50+ at 7.5: each pack ends where the next starts. */
export function packsFromMinimums(entries: [min: number, pricePerCredit: number][]): CreditPack[] {
  const sorted = [...entries].sort((a, b) => a[0] - b[0]);
  return sorted.map(([min, pricePerCredit], index) => {
    const next = sorted[index + 1];
    return { min, max: next ? next[0] - 1 : null, pricePerCredit };
  });
}
