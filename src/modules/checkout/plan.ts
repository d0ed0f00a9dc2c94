import { type OrderTotals, orderTotals, rateStatus } from '@storefront-api/pricing';
import type { OrderCouponSnapshot, OrderShippingSnapshot } from '../../db/schema';
import type { ErrorCode } from '../../errors';
import { ApiError, type ErrorDetail } from '../../errors';
import type { CheckoutPickup } from '../pickup-locations/queries';
import type { PricedCart, PricedLine } from '../products/priced-cart';
import type { SettingsDocument } from '../settings/document';
import type { CheckoutRate } from '../shipping-rates/queries';

/*
 * An order's plan from a priced cart, in pure functions: the delivery it is charged for,
 * its tax and totals, and the stock its lines draw on. No statement runs here.
 */

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  planCheckout: ['INVALID_SHIPPING_ID'],
} as const satisfies Record<string, readonly ErrorCode[]>;

export type ShippingRequest = {
  shippingId?: string | null | undefined;
  pickupLocationId?: string | null | undefined;
};

const invalidShipping = (message: string) => new ApiError('INVALID_SHIPPING_ID', { message });

/**
 * The delivery the order is charged for. With shipping off, or when nothing in the cart
 * is delivered (digital or shipping-free lines only), there is none and a choice is ignored.
 * Otherwise at most one of `shippingId` (an active standard rate, with standard delivery on,
 * whose minimum the order value reaches) and `pickupLocationId` (an active pickup point,
 * with pickup on) may be given; one is required unless the shop collects no address or
 * offers no option at all. `orderValueMinor` is the products total after coupons.
 */
export function chooseShipping(
  settings: SettingsDocument['shipping'],
  needsShipping: boolean,
  request: ShippingRequest,
  options: { rate: CheckoutRate | null; pickup: CheckoutPickup | null; orderValueMinor: number },
): OrderShippingSnapshot | null {
  const { rate, pickup } = options;
  if (!settings.active || !needsShipping) return null;
  const wantsStandard = Boolean(request.shippingId);
  const wantsPickup = Boolean(request.pickupLocationId);
  if (wantsStandard && wantsPickup) {
    throw invalidShipping('Choose either a shipping rate or a pickup location, not both.');
  }
  if (wantsStandard) {
    if (!settings.standardActive || !rate)
      throw invalidShipping('The shipping rate is not available.');
    if (!rateStatus(rate, options.orderValueMinor).available) {
      throw invalidShipping('The order does not reach the minimum value of this shipping rate.');
    }
    return { kind: 'standard', id: rate.id, name: rate.title, priceMinor: rate.priceMinor };
  }
  if (wantsPickup) {
    if (!settings.pickupActive || !pickup) {
      throw invalidShipping('The pickup location is not available.');
    }
    return { kind: 'pickup', id: pickup.id, name: pickup.name, priceMinor: pickup.feeMinor };
  }
  const offersOption = settings.standardActive || settings.pickupActive;
  if (offersOption && !settings.removeAddress) throw invalidShipping('Choose a shipping option.');
  return null;
}

/** An order as checkout prices it: its lines, coupon, delivery and totals (minor units). */
export type CheckoutPlan = {
  lines: PricedLine[];
  coupon: OrderCouponSnapshot | null;
  shipping: OrderShippingSnapshot | null;
  totals: OrderTotals;
};

/**
 * Prices a valid cart into an order: the delivery chosen (INVALID_SHIPPING_ID when it cannot
 * be), then tax and totals. The cart's and the coupon's details must have been answered.
 */
export function planCheckout(
  cart: PricedCart,
  coupon: OrderCouponSnapshot | null,
  settings: Pick<SettingsDocument, 'shipping' | 'tax'>,
  delivery: { request: ShippingRequest; rate: CheckoutRate | null; pickup: CheckoutPickup | null },
): CheckoutPlan {
  const couponMinor = coupon?.amountMinor ?? 0;
  const shipping = chooseShipping(
    settings.shipping,
    cart.lines.some((line) => line.needsShipping),
    delivery.request,
    {
      rate: delivery.rate,
      pickup: delivery.pickup,
      orderValueMinor: cart.productsTotalMinor - couponMinor,
    },
  );
  const totals = orderTotals(
    cart.productsTotalMinor,
    couponMinor,
    shipping?.priceMinor ?? 0,
    settings.tax,
  );
  return { lines: cart.lines, coupon, shipping, totals };
}

/** What one tracked product or variant of a cart needs from stock. */
export type StockNeed = { kind: 'product' | 'variant'; id: string; quantity: number };

/** The product or variant whose stock a line draws on. */
export const stockKeyOf = (line: PricedLine) => line.variantId ?? line.productId;

/** Units each tracked product or variant needs, lines of the same one added up. */
export function stockNeeds(lines: PricedLine[]): Map<string, StockNeed> {
  const needs = new Map<string, StockNeed>();
  for (const line of lines.filter((l) => l.trackStock)) {
    const id = stockKeyOf(line);
    const need = needs.get(id) ?? { kind: line.variantId ? 'variant' : 'product', id, quantity: 0 };
    need.quantity += line.quantity;
    needs.set(id, need);
  }
  return needs;
}

/** Details naming each cart item whose product or variant cannot be served from stock. */
export const shortageDetails = (lines: PricedLine[], short: (line: PricedLine) => boolean) =>
  lines
    .filter((line) => line.trackStock && short(line))
    .map((line) => ({ field: `cart.${line.index}.quantity`, message: 'Not enough stock.' }));

/** Stock problems seen when pricing: tracked items needing more than is on hand now. */
export function stockShortages(lines: PricedLine[]): ErrorDetail[] {
  const needs = stockNeeds(lines);
  return shortageDetails(
    lines,
    (line) => (needs.get(stockKeyOf(line))?.quantity ?? 0) > line.stock,
  );
}
