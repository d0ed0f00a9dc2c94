import { type CartLine, parseCart } from './cart';

/**
 * Names of the cookies the theme keeps in the browser. The cart and the wish list are held by
 * the client (cookies, so pages work without JavaScript); the server only reads them per request.
 */
export const COOKIE = {
  cart: 'sf_cart',
  coupon: 'sf_coupon',
  wish: 'sf_wish',
  token: 'sf_token',
  device: 'sf_device',
  events: 'sf_events',
  order: 'sf_order',
} as const;

export function readCart(raw: string | undefined): CartLine[] {
  if (!raw) return [];
  try {
    return parseCart(JSON.parse(raw));
  } catch {
    return [];
  }
}

export const writeCart = (cart: CartLine[]) =>
  JSON.stringify(cart.map((l) => ({ p: l.productId, q: l.quantity, k: l.variationKey })));

/** The compact form `writeCart` stores, read back (a cookie has about 4 KB). */
export function readCompactCart(raw: string | undefined): CartLine[] {
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parseCart(
      parsed.map((x: { p?: unknown; q?: unknown; k?: unknown }) => ({
        productId: x?.p,
        quantity: x?.q,
        variationKey: x?.k,
      })),
    );
  } catch {
    return [];
  }
}

export const MAX_WISH = 40;

export function readWish(raw: string | undefined): string[] {
  if (!raw) return [];
  return raw
    .split('.')
    .filter((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id))
    .slice(0, MAX_WISH);
}

export const writeWish = (ids: string[]) => [...new Set(ids)].slice(0, MAX_WISH).join('.');
