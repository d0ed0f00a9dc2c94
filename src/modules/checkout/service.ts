import type { Db } from '../../db/client';
import type { OrderCouponSnapshot } from '../../db/schema';
import type { ErrorDetail } from '../../errors';
import { type CouponRow, selectCoupon } from '../coupons/queries';
import { evaluateCoupon, ONE_PER_ORDER } from '../coupons/service';
import {
  cartValueLimit,
  type PricedCart,
  type PricedLine,
  readPricedCart,
} from '../products/priced-cart';
import {
  type CartLineInput,
  type CatalogRow,
  selectCartCatalog,
} from '../products/queries/pricing';
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

/**
 * The statements pricing a checkout (the cart's catalogue lines and its coupon), unexecuted
 * so a caller can batch them with its own reads in one round trip; `readPricing` reads them.
 */
export const pricingStatements = (db: Db, shopId: string, input: PricingInput) =>
  [
    selectCartCatalog(db, shopId, input.cart),
    selectCoupon(db, shopId, input.code ?? '', input.email),
  ] as const;

/** The priced checkout from the results of `pricingStatements`. */
export function readPricing(
  catalog: { rows: CatalogRow[] },
  coupons: { rows: CouponRow[] },
): PricedCheckout {
  const cart = readPricedCart(catalog.rows);
  return { cart, coupon: coupons.rows[0], overLimit: cartValueLimit(cart) };
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
