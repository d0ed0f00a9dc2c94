import type { SQL } from 'drizzle-orm';
import type { OrderCouponSnapshot } from '../../db/schema';
import type { ErrorDetail } from '../../errors';
import type { CouponRow } from '../coupons/queries';
import {
  type CartAndCoupon,
  cartAndCouponJson,
  evaluateCoupon,
  ONE_PER_ORDER,
} from '../coupons/service';
import {
  cartValueLimit,
  type PricedCart,
  type PricedLine,
  readPricedCart,
} from '../products/priced-cart';
import type { CartLineInput } from '../products/queries/pricing';
import { stockShortages } from './plan';

export type { PricedCart, PricedLine };

/** What pricing needs from a request: the cart, its one normalised coupon code, the buyer's email. */
export type PricingInput = { cart: CartLineInput[]; code: string | null; email: string | null };

/** A cart priced by the server, the coupon it names, and the detail of a cart over the limit. */
export type PricedCheckout = {
  cart: PricedCart;
  coupon: CouponRow | undefined;
  overLimit: ErrorDetail[];
};

/** What `pricingJson` selects (`cartAndCouponJson`'s columns). */
export type PricingRow = CartAndCoupon;

/**
 * SQL: a checkout's pricing as two JSON columns of a caller's own statement, so it reads
 * with the caller's other reads in one statement: the cart priced from the catalogue and
 * the coupon its one code names, as the coupon check reads them (`cartAndCouponJson`).
 * `readPricing` reads them.
 */
export const pricingJson = (shopId: string, input: PricingInput): SQL =>
  cartAndCouponJson(shopId, input.cart, input.code ?? '', input.email);

/** The priced checkout from the columns of `pricingJson`. */
export function readPricing(row: PricingRow): PricedCheckout {
  const cart = readPricedCart(row.catalog);
  return { cart, coupon: row.coupon ?? undefined, overLimit: cartValueLimit(cart) };
}

/** Every problem of a priced cart that names a field: unsellable items, stock, its value. */
export const cartDetails = (priced: PricedCheckout): ErrorDetail[] => [
  ...priced.cart.unavailable,
  ...stockShortages(priced.cart.lines),
  ...priced.overLimit,
];

/**
 * The coupon an order gets from its distinct normalised `codes`, or the details saying why
 * it gets none: more than one code, coupons switched off, or the coupon's own reason.
 */
export function applyCoupon(
  priced: PricedCheckout,
  codes: string[],
  options: { couponsEnabled: boolean; amount: (minor: number) => number },
): { details: ErrorDetail[]; coupon: OrderCouponSnapshot | null } {
  const refuse = (field: string, message: string) => ({
    details: [{ field, message }],
    coupon: null,
  });
  if (codes.length > 1) return refuse('coupons', ONE_PER_ORDER);
  if (codes.length === 0) return { details: [], coupon: null };
  if (!options.couponsEnabled)
    return refuse('coupons.0', 'Coupons are not available in this shop.');
  const outcome = evaluateCoupon(priced.coupon, priced.cart, options.amount);
  if (!outcome.ok) return refuse('coupons.0', outcome.message);
  const { id, code } = outcome.coupon;
  return { details: [], coupon: { id, code, amountMinor: outcome.amountMinor } };
}
