/*
 * The order arithmetic, in integer minor units and pure functions: what a line costs, what a
 * coupon takes off, which delivery options an order qualifies for, the tax and the total.
 * The API charges orders with it and a theme shows the total with it, so the two never differ.
 */

/** Minor units (integer) to the amount the API shows, e.g. 1999 → 19.99 for two digits. */
export const toAmount = (minor: number, digits: number): number => minor / 10 ** digits;

/** An amount the API shows to minor units, rounding half away from zero. */
export const toMinor = (amount: number, digits: number): number =>
  Math.round(amount * 10 ** digits);

/** The digits of a currency's minor unit (2 for EUR, 0 for JPY), as the platform's Intl knows it. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits as number;
  } catch {
    return 2;
  }
}

/** A percent counted in hundredths (basis points), the unit every rate is taken in. */
const basisPoints = (percent: number) => BigInt(Math.round(percent * 100));

/**
 * `percent`% of `minor` (a non-negative integer), rounded half up to a whole minor unit.
 * The product is taken in BigInt, so the result is exact for any safe integer amount.
 */
export const percentOf = (minor: number, percent: number): number =>
  Number((BigInt(minor) * basisPoints(percent) + 5000n) / 10000n);

/** What a line costs: its unit price times its quantity. */
export const lineTotalMinor = (unitMinor: number, quantity: number): number => unitMinor * quantity;

/** The products total of an order's lines. */
export const productsTotalMinor = (lines: Array<{ unitMinor: number; quantity: number }>) =>
  lines.reduce((sum, line) => sum + lineTotalMinor(line.unitMinor, line.quantity), 0);

/** A coupon's terms: a percentage (`value` percent) or a fixed amount (`value` minor units). */
export type CouponTerms = { kind: 'percentage' | 'fixed'; value: number };

/** What a coupon takes off the products it applies to (`eligibleMinor`), never more than them. */
export function couponDiscountMinor(terms: CouponTerms, eligibleMinor: number): number {
  const discount =
    terms.kind === 'percentage' ? percentOf(eligibleMinor, terms.value) : terms.value;
  return Math.max(0, Math.min(discount, eligibleMinor));
}

/** A delivery option as pricing sees it: its fee and the least order value it serves (null: any). */
export type DeliveryRate = { priceMinor: number; minOrderMinor: number | null };

/** Whether an order of `orderValueMinor` (products after coupons) qualifies for a rate, and if not why. */
export type RateStatus =
  | { available: true }
  | { available: false; reason: 'minimum'; minOrderMinor: number; missingMinor: number };

export function rateStatus(rate: DeliveryRate, orderValueMinor: number): RateStatus {
  if (rate.minOrderMinor === null || orderValueMinor >= rate.minOrderMinor)
    return { available: true };
  return {
    available: false,
    reason: 'minimum',
    minOrderMinor: rate.minOrderMinor,
    missingMinor: rate.minOrderMinor - orderValueMinor,
  };
}

/**
 * The option to preselect: the cheapest one the order qualifies for; among equally cheap ones
 * the first in the given order. Undefined when it qualifies for none.
 */
export function preselectedRate<R extends DeliveryRate>(
  rates: readonly R[],
  orderValueMinor: number,
): R | undefined {
  let best: R | undefined;
  for (const rate of rates) {
    if (!rateStatus(rate, orderValueMinor).available) continue;
    if (!best || rate.priceMinor < best.priceMinor) best = rate;
  }
  return best;
}

/**
 * A shop's tax: off, or `value` percent either added on top of its prices (`inclusive` false)
 * or already inside them (`inclusive` true).
 */
export type TaxRule = { active: boolean; value: number; inclusive?: boolean | undefined };

/**
 * The tax in `taxableMinor`, rounded half up to a whole minor unit: `value`% of it when prices
 * are without tax, the part of it that is tax (taxable − taxable / (1 + value%)) when they include it.
 */
export function taxOf(taxableMinor: number, tax: TaxRule): number {
  if (!tax.active || taxableMinor <= 0) return 0;
  if (!tax.inclusive) return percentOf(taxableMinor, tax.value);
  const gross = BigInt(taxableMinor);
  const divisor = 10000n + basisPoints(tax.value);
  const net = (gross * 20000n + divisor) / (2n * divisor);
  return Number(gross - net);
}

export type OrderTotals = {
  productsTotalMinor: number;
  couponTotalMinor: number;
  shippingTotalMinor: number;
  taxTotalMinor: number;
  cartTotalMinor: number;
};

/**
 * The order's totals in minor units. Tax is taken on the discounted products
 * (products − coupons), not on delivery; it is added to the total unless prices include it.
 */
export function orderTotals(
  productsTotalMinor: number,
  couponTotalMinor: number,
  shippingTotalMinor: number,
  tax: TaxRule,
): OrderTotals {
  const taxable = productsTotalMinor - couponTotalMinor;
  const taxTotalMinor = taxOf(taxable, tax);
  return {
    productsTotalMinor,
    couponTotalMinor,
    shippingTotalMinor,
    taxTotalMinor,
    cartTotalMinor: taxable + shippingTotalMinor + (tax.inclusive ? 0 : taxTotalMinor),
  };
}
