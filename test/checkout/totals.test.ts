import { orderTotals } from '@storefront-api/pricing';
import { describe, expect, it } from 'vitest';
import { percentOf } from '../../src/lib/money';

describe('order arithmetic', () => {
  it('rounds percentages half up to a whole minor unit, exactly', () => {
    expect(percentOf(250, 5)).toBe(13); // 12.5
    expect(percentOf(249, 5)).toBe(12); // 12.45
    expect(percentOf(1005, 19)).toBe(191); // 190.95
    expect(percentOf(1000, 7.5)).toBe(75);
    expect(percentOf(1, 50)).toBe(1); // 0.5
    expect(percentOf(999_999_99, 19)).toBe(19_000_000); // 18999999.81
    expect(percentOf(0, 19)).toBe(0);
  });

  it('adds tax on the discounted products, not on shipping', () => {
    expect(orderTotals(10_000, 1_000, 500, { active: true, value: 20 })).toEqual({
      productsTotalMinor: 10_000,
      couponTotalMinor: 1_000,
      shippingTotalMinor: 500,
      taxTotalMinor: 1_800,
      cartTotalMinor: 11_300,
    });
    expect(orderTotals(10_000, 0, 500, { active: false, value: 20 }).taxTotalMinor).toBe(0);
  });
});
