import type { CustomerContext, ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { toAmount } from '../../lib/money';
import type { CartLineInput } from '../catalog/pricing';
import { type PricedCart, readPricedCart, selectCartCatalog } from '../checkout/service';
import { type CouponRow, selectCoupon } from './queries';

export type CouponOutcome =
  | { ok: true; coupon: CouponRow; amountMinor: number }
  | { ok: false; message: string };

const refused = (message: string): CouponOutcome => ({ ok: false, message });

/** `percent`% of `minor`, rounded half up to a whole minor unit (exact integer arithmetic). */
export const percentOf = (minor: number, percent: number): number =>
  Math.floor((minor * Math.round(percent * 100) + 5000) / 10000);

/**
 * The one coupon code of a request: codes compare case-insensitively and repeats count
 * once; more than one distinct code is refused (coupons do not stack).
 */
export function singleCouponCode(codes: string[]): string | null {
  const distinct = [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
  if (distinct.length > 1) throw new ApiError('INVALID_COUPON', { message: ONE_PER_ORDER });
  return distinct[0] ?? null;
}

export const ONE_PER_ORDER = 'Only one coupon can be used per order.';

/**
 * Decides whether `coupon` applies to the server-priced cart and how much it takes off:
 * active and inside its window, usage and per-email limits left, the cart's product total
 * at least the minimum, and only lines in the coupon's product/category scope count.
 * The discount never exceeds the eligible total.
 */
export function evaluateCoupon(
  coupon: CouponRow | undefined,
  cart: PricedCart,
  amount: (minor: number) => number,
): CouponOutcome {
  if (!coupon) return refused('The coupon code is not valid.');
  if (!coupon.active || !coupon.inWindow) return refused('The coupon is not active.');
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) {
    return refused('The coupon has been used up.');
  }
  if (coupon.perCustomerLimit !== null && coupon.redeemedByEmail >= coupon.perCustomerLimit) {
    return refused('You have already used this coupon.');
  }
  if (cart.productsTotalMinor < coupon.minTotalMinor) {
    return refused(`The coupon needs a cart total of at least ${amount(coupon.minTotalMinor)}.`);
  }
  const scoped = coupon.productIds.length > 0 || coupon.categoryIds.length > 0;
  const products = new Set(coupon.productIds);
  const categories = new Set(coupon.categoryIds);
  const eligible = cart.lines.filter(
    (line) =>
      !scoped ||
      products.has(line.productId) ||
      line.categoryIds.some((category) => categories.has(category)),
  );
  const eligibleMinor = eligible.reduce((sum, line) => sum + line.totalMinor, 0);
  if (eligibleMinor === 0) return refused('The coupon does not apply to the products in the cart.');
  const discount =
    coupon.kind === 'percentage' ? percentOf(eligibleMinor, coupon.value) : coupon.value;
  return { ok: true, coupon, amountMinor: Math.min(discount, eligibleMinor) };
}

/**
 * POST /coupons: checks a coupon against a cart priced by the server. Items the shop cannot
 * sell do not count (as in cart hydration). The per-customer limit is checked for the
 * signed-in customer's email; a guest's is checked when the order is placed.
 */
export async function validateCoupon(
  db: Db,
  shop: ShopContext,
  body: { coupons: string[]; cart: CartLineInput[] },
  customer: CustomerContext | null,
) {
  if (!shop.couponsEnabled) throw new ApiError('COUPONS_DISABLED');
  const code = singleCouponCode(body.coupons);
  if (!code) throw new ApiError('INVALID_COUPON');
  const [catalog, coupons] = await db.batch([
    selectCartCatalog(db, shop.id, body.cart),
    selectCoupon(db, shop.id, code, customer?.email ?? null),
  ]);
  const cart = readPricedCart(catalog.rows);
  if (cart.productsTotalMinor === 0) throw new ApiError('COUPON_ZERO_TOTAL');
  const amount = (minor: number) => toAmount(minor, shop.currencyDigits);
  const outcome = evaluateCoupon(coupons.rows[0], cart, amount);
  if (!outcome.ok) throw new ApiError('INVALID_COUPON', { message: outcome.message });
  return { _id: outcome.coupon.id, code: outcome.coupon.code, amount: amount(outcome.amountMinor) };
}
