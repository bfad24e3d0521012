import { describe, expect, it } from 'vitest';
import { CREDIT_TIERS, tierDiscount, tierFor } from './reseller-tiers';

describe('reseller credit tiers', () => {
  it('has the discounts docs/product.md lists: 0%, 6.25%, 12.5%, 18.75%', () => {
    expect(CREDIT_TIERS.map((tier) => tierDiscount(tier))).toEqual([0, 0.0625, 0.125, 0.1875]);
  });

  it('finds the pack a purchase falls in', () => {
    expect(tierFor(9)).toBeUndefined();
    expect(tierFor(10)?.pricePerCredit).toBe(8);
    expect(tierFor(49)?.pricePerCredit).toBe(8);
    expect(tierFor(50)?.pricePerCredit).toBe(7.5);
    expect(tierFor(249)?.pricePerCredit).toBe(7);
    expect(tierFor(1000)?.pricePerCredit).toBe(6.5);
  });
});
