import { couponDiscountMinor } from '@storefront-api/pricing';
import { type SQL, sql } from 'drizzle-orm';
import type { RateRule } from '../../adapters/kv';
import type { CustomerContext, ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { ApiError, type ErrorCode } from '../../errors';
import { toAmount } from '../../lib/money';
import { cartValueLimit, type PricedCart, readPricedCart } from '../products/priced-cart';
import { type CartLineInput, type CatalogRow, cartCatalogCall } from '../products/queries/pricing';
import { type CouponRow, couponCall } from './queries';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  validateCoupon: ['INVALID_COUPON', 'COUPONS_DISABLED', 'COUPON_ZERO_TOTAL'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/**
 * The form in which coupon codes are compared, counted and looked up: trimmed and upper
 * case (the shop's codes are unique by `upper(code)`), so `spring10 ` is `SPRING10`.
 */
export const normaliseCouponCode = (raw: string): string => raw.trim().toUpperCase();

/** The distinct codes of a request, normalised, in order: repeats in any case count once. */
export const distinctCouponCodes = (codes: readonly string[]): string[] => [
  ...new Set(codes.map(normaliseCouponCode).filter(Boolean)),
];

export const ONE_PER_ORDER = 'Only one coupon can be used per order.';

export type CouponOutcome =
  | { ok: true; coupon: CouponRow; amountMinor: number }
  | { ok: false; message: string };

const refused = (message: string): CouponOutcome => ({ ok: false, message });

/**
 * Decides whether `coupon` applies to the server-priced cart and how much it takes off:
 * open (active, inside its window), usage and per-email limits left, the cart's product
 * total at least the minimum, and only lines in the coupon's product/category scope count.
 * The discount never exceeds the eligible total. `amount` shows minor units in messages.
 */
export function evaluateCoupon(
  coupon: CouponRow | undefined,
  cart: PricedCart,
  amount: (minor: number) => number,
): CouponOutcome {
  if (!coupon) return refused('The coupon code is not valid.');
  if (!coupon.open) return refused('The coupon is not active.');
  if (!coupon.usesLeft) return refused('The coupon has been used up.');
  if (!coupon.customerUsesLeft) return refused('You have already used this coupon.');
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
  return { ok: true, coupon, amountMinor: couponDiscountMinor(coupon, eligibleMinor) };
}

/**
 * Coupon validations per client IP per shop: 20 in 10 minutes, every attempt counted. A
 * shopper applies a code or two and the theme re-checks it as the cart changes; guessing
 * codes from one address stays at two a minute.
 */
export const COUPON_IP_RATE: RateRule = { name: 'coupons-ip', limit: 20, windowSeconds: 600 };

/**
 * Validations of one code per shop, from every address together: 60 a minute. It bounds
 * how fast a code's state (open, used up, its minimum and scope) can be probed from many
 * addresses; a busy campaign code beyond it waits seconds, not minutes.
 */
export const COUPON_CODE_RATE: RateRule = { name: 'coupons-code', limit: 60, windowSeconds: 60 };

/**
 * The normalised codes an unvalidated POST /coupons body names (at most 10 distinct ones
 * of a plausible length), for the per-code limit, which counts before validation.
 */
export function requestedCouponCodes(body: unknown): string[] {
  const coupons = (body as { coupons?: unknown } | null)?.coupons;
  if (!Array.isArray(coupons)) return [];
  const codes = coupons.filter((c): c is string => typeof c === 'string' && c.length <= 100);
  return distinctCouponCodes(codes)
    .filter((code) => code.length <= 64)
    .slice(0, 10);
}

/** What `cartAndCouponJson` selects: the cart's catalogue lines in cart order, and the coupon or null. */
export type CartAndCoupon = { catalog: CatalogRow[]; coupon: CouponRow | null };

/**
 * SQL: a cart priced from the catalogue (public.cart_catalog) and the coupon `code` names
 * for `email` (public.checkout_coupon), as two JSON columns of a caller's own statement:
 * `catalog`, in cart order, and `coupon`, or null. One statement needs no transaction.
 */
export const cartAndCouponJson = (
  shopId: string,
  cart: CartLineInput[],
  code: string,
  email: string | null,
): SQL => sql`
  (select coalesce(json_agg(l order by l.i), '[]'::json)
    from ${cartCatalogCall(shopId, cart)} l) as catalog,
  (select row_to_json(k) from ${couponCall(shopId, code, email)} k) as coupon`;

/**
 * POST /coupons: checks a coupon against the cart priced as an order prices it (the same
 * catalogue read and reading, in one statement with the coupon's).
 * Items the shop cannot sell do not count (as in cart hydration). The per-customer limit is
 * checked for the signed-in customer's email; a guest's is checked when the order is placed.
 */
export async function validateCoupon(
  db: Db,
  shop: ShopContext,
  body: { coupons: string[]; cart: CartLineInput[] },
  customer: CustomerContext | null,
) {
  if (!shop.couponsEnabled) throw new ApiError('COUPONS_DISABLED');
  const codes = distinctCouponCodes(body.coupons);
  if (codes.length > 1) throw new ApiError('INVALID_COUPON', { message: ONE_PER_ORDER });
  const [code] = codes;
  if (!code) throw new ApiError('INVALID_COUPON');
  const result = await db.execute<CartAndCoupon>(
    sql`select ${cartAndCouponJson(shop.id, body.cart, code, customer?.email ?? null)}`,
  );
  const read = result.rows[0];
  if (!read) throw new Error('a select without a table returned no row');
  const cart = readPricedCart(read.catalog);
  const overLimit = cartValueLimit(cart);
  if (overLimit.length > 0) throw new ApiError('VALIDATION_FAILED', { details: overLimit });
  if (cart.productsTotalMinor === 0) throw new ApiError('COUPON_ZERO_TOTAL');
  const amount = (minor: number) => toAmount(minor, shop.currencyDigits);
  const outcome = evaluateCoupon(read.coupon ?? undefined, cart, amount);
  if (!outcome.ok) throw new ApiError('INVALID_COUPON', { message: outcome.message });
  return { _id: outcome.coupon.id, code: outcome.coupon.code, amount: amount(outcome.amountMinor) };
}
