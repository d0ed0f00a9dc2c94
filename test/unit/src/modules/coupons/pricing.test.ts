import { describe, expect, it } from 'vitest';
import { percentOf, toAmount, toMinor } from '../../../../../src/lib/money';
import type { CouponRow } from '../../../../../src/modules/coupons/queries';
import {
  distinctCouponCodes,
  evaluateCoupon,
  requestedCouponCodes,
} from '../../../../../src/modules/coupons/service';

const coupon = (over: Partial<CouponRow> = {}): CouponRow =>
  ({
    id: 'c1',
    code: 'SPRING10',
    kind: 'percentage',
    value: 10,
    minTotalMinor: 0,
    productIds: [],
    categoryIds: [],
    open: true,
    usesLeft: true,
    customerUsesLeft: true,
    ...over,
  }) as CouponRow;

const line = (productId: string, totalMinor: number, categoryIds: string[] = []) =>
  ({ productId, totalMinor, categoryIds }) as never;
const cart = (lines: never[]) =>
  ({
    lines,
    productsTotalMinor: (lines as Array<{ totalMinor: number }>).reduce(
      (s, l) => s + l.totalMinor,
      0,
    ),
  }) as never;
const amount = (minor: number) => toAmount(minor, 2);

describe('money', () => {
  it('rounds percentages half away from zero in minor units', () => {
    expect(percentOf(1005, 10)).toBe(101);
    expect(percentOf(1004, 10)).toBe(100);
    expect(percentOf(999, 12.5)).toBe(125);
    expect(toMinor(19.99, 2)).toBe(1999);
    expect(toAmount(1999, 2)).toBe(19.99);
  });
});

describe('coupon rules', () => {
  it('normalises codes and counts repeats once', () => {
    expect(distinctCouponCodes([' spring10 ', 'SPRING10', 'Summer'])).toEqual([
      'SPRING10',
      'SUMMER',
    ]);
    expect(requestedCouponCodes({ coupons: ['a', 'A', 7, 'x'.repeat(65)] })).toEqual(['A']);
    expect(requestedCouponCodes(null)).toEqual([]);
  });

  it('takes a percentage of the eligible lines only, never more than they are worth', () => {
    const scoped = coupon({ productIds: ['p1'] });
    const outcome = evaluateCoupon(scoped, cart([line('p1', 2000), line('p2', 5000)]), amount);
    expect(outcome).toEqual({ ok: true, coupon: scoped, amountMinor: 200 });
    const fixed = coupon({ kind: 'fixed', value: 9000 } as Partial<CouponRow>);
    const capped = evaluateCoupon(fixed, cart([line('p1', 2000)]), amount);
    expect(capped).toMatchObject({ ok: true, amountMinor: 2000 });
  });

  it('refuses, with the reason, a closed, used-up or out-of-scope coupon and a small cart', () => {
    const c = cart([line('p1', 1000, ['cat1'])]);
    expect(evaluateCoupon(undefined, c, amount)).toEqual({
      ok: false,
      message: 'The coupon code is not valid.',
    });
    expect(evaluateCoupon(coupon({ open: false }), c, amount)).toMatchObject({ ok: false });
    expect(evaluateCoupon(coupon({ usesLeft: false }), c, amount)).toEqual({
      ok: false,
      message: 'The coupon has been used up.',
    });
    expect(evaluateCoupon(coupon({ minTotalMinor: 1500 }), c, amount)).toEqual({
      ok: false,
      message: 'The coupon needs a cart total of at least 15.',
    });
    expect(evaluateCoupon(coupon({ categoryIds: ['cat2'] }), c, amount)).toEqual({
      ok: false,
      message: 'The coupon does not apply to the products in the cart.',
    });
    expect(evaluateCoupon(coupon({ categoryIds: ['cat1'] }), c, amount)).toMatchObject({
      ok: true,
      amountMinor: 100,
    });
  });
});
