/** The pricing module both workers use, against the one table of priced orders. */
import {
  couponDiscountMinor,
  currencyDigits,
  orderTotals,
  preselectedRate,
  productsTotalMinor,
  rateStatus,
  taxOf,
  toAmount,
  toMinor,
} from '@storefront-api/pricing';
import { describe, expect, it } from 'vitest';
import { PRICING_CASES } from '../../../fixtures/pricing-cases';

describe('pricing table', () => {
  it.each(PRICING_CASES)('$name', (c) => {
    const products = productsTotalMinor(c.lines);
    const coupon = c.coupon ? couponDiscountMinor(c.coupon, products) : 0;
    const value = products - coupon;
    const rate = preselectedRate(c.rates, value);
    const unavailable = c.rates.filter((r) => !rateStatus(r, value).available);
    const totals = orderTotals(products, coupon, rate?.priceMinor ?? 0, c.tax);
    expect({
      products: totals.productsTotalMinor,
      coupon: totals.couponTotalMinor,
      rate: rate?.title,
      unavailable: unavailable.map((r) => r.title),
      shipping: totals.shippingTotalMinor,
      tax: totals.taxTotalMinor,
      total: totals.cartTotalMinor,
    }).toEqual(c.expected);
    expect(currencyDigits(c.currency)).toBe(c.digits);
  });
});

describe('pricing rules', () => {
  it('says by how much an order misses a rate’s minimum, and serves it from the minimum on', () => {
    const free = { priceMinor: 0, minOrderMinor: 10_000 };
    expect(rateStatus(free, 1_400)).toEqual({
      available: false,
      reason: 'minimum',
      minOrderMinor: 10_000,
      missingMinor: 8_600,
    });
    expect(rateStatus(free, 10_000)).toEqual({ available: true });
    expect(preselectedRate([free], 9_999)).toBeUndefined();
  });

  it('prefers the first of equally cheap rates', () => {
    const a = { id: 'a', priceMinor: 500, minOrderMinor: null };
    const b = { id: 'b', priceMinor: 500, minOrderMinor: null };
    expect(preselectedRate([a, b], 0)?.id).toBe('a');
  });

  it('takes tax only when it is on and there is something to tax', () => {
    expect(taxOf(10_000, { active: false, value: 20 })).toBe(0);
    expect(taxOf(0, { active: true, value: 20, inclusive: true })).toBe(0);
    // 105 incl. 5 %: net 100, tax 5; 1 incl. 50 %: net 0.67 → 1, tax 0
    expect(taxOf(105, { active: true, value: 5, inclusive: true })).toBe(5);
    expect(taxOf(1, { active: true, value: 50, inclusive: true })).toBe(0);
  });

  it('converts amounts and minor units by the currency’s digits', () => {
    expect(toMinor(19.99, 2)).toBe(1_999);
    expect(toMinor(1_234, 0)).toBe(1_234);
    expect(toAmount(1_999, 2)).toBe(19.99);
    expect(toMinor(toAmount(14_899, 2), 2)).toBe(14_899);
  });
});
