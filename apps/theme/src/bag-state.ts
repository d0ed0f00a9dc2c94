/** The bag as the API sees it now: hydrated lines and the coupon, checked again per request. */

import { currencyDigits } from '@storefront-api/pricing';
import type { ThemeContext } from './env';
import { type BagLine, type CartLine, cartBody, reconcile } from './lib/cart';
import { currency } from './render';
import { getCart, getCoupon, setCart, setCoupon } from './session';

/** The cart as the API hydrates it; lines it no longer offers drop out of the stored cart. */
export async function hydratedBag(c: ThemeContext) {
  const cart = getCart(c);
  if (cart.length === 0)
    return { cart, lines: [] as BagLine[], subtotal: 0, dropped: [] as CartLine[] };
  const { data } = await c.get('api').POST('/products/cart', { body: { cart: cartBody(cart) } });
  if (!data)
    return { cart, lines: [] as BagLine[], subtotal: 0, dropped: [] as CartLine[], failed: true };
  const { lines, dropped, subtotal } = reconcile(cart, data.data, currencyDigits(currency(c)));
  if (dropped.length)
    setCart(
      c,
      lines.map(({ productId, quantity, type, variationKey }) => ({
        productId,
        quantity,
        type,
        variationKey,
      })),
    );
  return { cart: lines as CartLine[], lines, subtotal, dropped };
}

/** The coupon kept in the bag, validated again against the cart as it is now. */
export async function currentCoupon(c: ThemeContext, cart: CartLine[]) {
  const code = getCoupon(c);
  if (!code || cart.length === 0) return null;
  const { data } = await c
    .get('api')
    .POST('/coupons', { body: { coupons: [code], cart: cartBody(cart) } });
  if (!data) {
    setCoupon(c, null);
    return null;
  }
  return data.data;
}
