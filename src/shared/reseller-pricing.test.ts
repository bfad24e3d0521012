import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICES, packsFromMinimums, type Prices } from './prices';
import { lowestCreditPrice, packDiscount, packFor, planMargin, resellerMargins } from './reseller-pricing';

const packs = packsFromMinimums([
  [50, 7.5],
  [10, 8],
  [250, 6.5],
  [100, 7],
]);

describe('credit packs', () => {
  it('orders the packs and ends each where the next starts (the defaults are docs/product.md’s)', () => {
    expect(DEFAULT_PRICES.creditPacks).toEqual(packs);
    expect(packs).toEqual([
      { min: 10, max: 49, pricePerCredit: 8 },
      { min: 50, max: 99, pricePerCredit: 7.5 },
      { min: 100, max: 249, pricePerCredit: 7 },
      { min: 250, max: null, pricePerCredit: 6.5 },
    ]);
  });

  it('gives each pack its discount against the first: 0%, 6.25%, 12.5%, 18.75%', () => {
    expect(packs.map((pack) => packDiscount(pack, packs))).toEqual([0, 0.0625, 0.125, 0.1875]);
  });

  it('finds the pack a purchase falls in', () => {
    expect(packFor(9, packs)).toBeUndefined();
    expect(packFor(10, packs)?.pricePerCredit).toBe(8);
    expect(packFor(49, packs)?.pricePerCredit).toBe(8);
    expect(packFor(50, packs)?.pricePerCredit).toBe(7.5);
    expect(packFor(249, packs)?.pricePerCredit).toBe(7);
    expect(packFor(1000, packs)?.pricePerCredit).toBe(6.5);
    expect(lowestCreditPrice({ ...DEFAULT_PRICES, creditPacks: packs })).toBe(6.5);
  });
});

describe('reseller margins', () => {
  it('is what is left of the viewer price after the plan’s credits: a year at 20 from credits at 8 keeps 60%', () => {
    const prices: Prices = { viewer: { year: 20, lifetime: 40 }, creditPacks: packs };
    expect(planMargin(prices, 'year', packs[0]!)).toBeCloseTo(0.6);
    // Lifetime costs two credits: 40 - 2 x 6.5 = 27 of 40.
    expect(planMargin(prices, 'lifetime', packs[3]!)).toBeCloseTo(0.675);
  });

  it('claims the range over every plan and pack, rounded down', () => {
    const prices: Prices = { viewer: { year: 20, lifetime: 40 }, creditPacks: packs };
    // Lowest: 60% (a pack of 8); highest: 67.5% (a pack of 6.5) -> 67.
    expect(resellerMargins(prices)).toEqual({ min: 60, max: 67 });
  });

  it('claims no margin when the prices give none (a year at 5 against credits from 6.50)', () => {
    expect(resellerMargins(DEFAULT_PRICES)).toBeNull();
    expect(resellerMargins({ viewer: { year: 8, lifetime: 16 }, creditPacks: packs.slice(0, 1) })).toBeNull();
  });

  it('says only "up to" when some pack or plan gives no margin', () => {
    // Year at 7.5: nothing from the 8 pack, 13% from the 6.5 pack.
    const prices: Prices = { viewer: { year: 7.5, lifetime: 30 }, creditPacks: packs };
    expect(resellerMargins(prices)).toEqual({ min: null, max: 56 });
  });

  it('claims nothing without packs or with a free plan', () => {
    expect(resellerMargins({ viewer: { year: 10, lifetime: 20 }, creditPacks: [] })).toBeNull();
    expect(resellerMargins({ viewer: { year: 0, lifetime: 0 }, creditPacks: packs })).toBeNull();
  });
});
