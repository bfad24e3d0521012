import { PLAN_CREDIT_COST, type PaidPlan } from './plans';
import type { CreditPack, Prices } from './prices';

/*
 * The reseller page's arithmetic on the configured prices (prices.ts): apart from prices.ts so that
 * only the pages that use it load it.
 */

/** The discount of a pack against the first (dearest) one: 7.5 against 8 -> 0.0625. */
export function packDiscount(pack: CreditPack, packs: CreditPack[]): number {
  const base = packs[0];
  if (!base || base.pricePerCredit === 0) return 0;
  return (base.pricePerCredit - pack.pricePerCredit) / base.pricePerCredit;
}

/** The pack a purchase of `credits` falls in; undefined below the smallest pack. */
export function packFor(credits: number, packs: CreditPack[]): CreditPack | undefined {
  return packs.find((pack) => credits >= pack.min && (pack.max === null || credits <= pack.max));
}

/**
 * The share of the viewer's price a reseller keeps when it sells a plan at the site's own price,
 * having paid for the plan's credits at a pack's price: (price - credits x pack price) / price.
 */
export function planMargin(prices: Prices, plan: PaidPlan, pack: CreditPack): number {
  const price = prices.viewer[plan];
  if (price <= 0) return -Infinity;
  return (price - PLAN_CREDIT_COST[plan] * pack.pricePerCredit) / price;
}

/**
 * The margins the reseller page may claim, in whole percent rounded down so the claim is never
 * more than the prices give: the lowest and highest over every plan and pack. `min` is null when
 * some plan or pack gives no margin (the page then says "up to"); the whole result is null when no
 * combination gives one, and the page makes no margin claim at all.
 */
export function resellerMargins(prices: Prices): { min: number | null; max: number } | null {
  const margins = prices.creditPacks.flatMap((pack) =>
    (Object.keys(prices.viewer) as PaidPlan[]).map((plan) => planMargin(prices, plan, pack)),
  );
  if (margins.length === 0) return null;
  const max = Math.floor(Math.max(...margins) * 100);
  if (max <= 0) return null;
  const min = Math.floor(Math.min(...margins) * 100);
  return { min: min > 0 ? min : null, max };
}

/** The lowest price a reseller pays for a credit (the reseller page's "from"). */
export function lowestCreditPrice(prices: Prices): number | null {
  if (prices.creditPacks.length === 0) return null;
  return Math.min(...prices.creditPacks.map((pack) => pack.pricePerCredit));
}
