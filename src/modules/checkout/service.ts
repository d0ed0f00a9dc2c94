import { type SQL, sql } from 'drizzle-orm';
import type { OrderCouponSnapshot } from '../../db/schema';
import type { ErrorDetail } from '../../errors';
import { type CouponRow, couponCall } from '../coupons/queries';
import { evaluateCoupon, ONE_PER_ORDER } from '../coupons/service';
import {
  cartValueLimit,
  type PricedCart,
  type PricedLine,
  readPricedCart,
} from '../products/priced-cart';
import { type CartLineInput, type CatalogRow, cartCatalogCall } from '../products/queries/pricing';
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

/** What `pricingJson` selects: the cart's catalogue lines in cart order, and its coupon or null. */
export type PricingRow = { catalog: CatalogRow[]; coupon: CouponRow | null };

/**
 * SQL: a checkout's pricing as two JSON columns of a caller's own statement, so it reads
 * with the caller's other reads in one statement: `catalog`, the cart's catalogue lines in
 * cart order, and `coupon`, the coupon its one code names (or null). `readPricing` reads them.
 */
export const pricingJson = (shopId: string, input: PricingInput): SQL => sql`
  (select coalesce(json_agg(l order by l.i), '[]'::json)
    from ${cartCatalogCall(shopId, input.cart)} l) as catalog,
  (select row_to_json(k) from ${couponCall(shopId, input.code ?? '', input.email)} k) as coupon`;

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
