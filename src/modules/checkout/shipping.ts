import type { OrderShippingSnapshot } from '../../db/schema';
import { ApiError } from '../../errors';
import { percentOf } from '../coupons/service';
import type { SettingsDocument } from '../shop/settings-document';

export type RateRow = {
  id: string;
  title: string;
  priceMinor: number;
  /** Least order value (products after coupons) the rate serves; null for any. */
  minOrderMinor: number | null;
};
export type PickupRow = { id: string; name: string; feeMinor: number };

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
  options: { rate: RateRow | null; pickup: PickupRow | null; orderValueMinor: number },
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
    if (rate.minOrderMinor !== null && options.orderValueMinor < rate.minOrderMinor) {
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

export type OrderTotals = {
  productsTotalMinor: number;
  couponTotalMinor: number;
  shippingTotalMinor: number;
  taxTotalMinor: number;
  cartTotalMinor: number;
};

/**
 * The order's totals in minor units. Tax is added on top of the discounted products
 * (products − coupons), not on shipping, rounded half up to a whole minor unit.
 */
export function orderTotals(
  productsTotalMinor: number,
  couponTotalMinor: number,
  shippingTotalMinor: number,
  tax: SettingsDocument['tax'],
): OrderTotals {
  const taxable = productsTotalMinor - couponTotalMinor;
  const taxTotalMinor = tax.active ? percentOf(taxable, tax.value) : 0;
  return {
    productsTotalMinor,
    couponTotalMinor,
    shippingTotalMinor,
    taxTotalMinor,
    cartTotalMinor: taxable + shippingTotalMinor + taxTotalMinor,
  };
}
