import { lineTotalMinor, productsTotalMinor, toAmount, toMinor } from '@storefront-api/pricing';

/**
 * The cart lives only on the client (the contract has no server-side cart). A line is exactly
 * what the API takes as a cart item; everything shown about it comes from hydration.
 */
export type CartLine = {
  productId: string;
  quantity: number;
  type: 'product';
  /** `""` for a product without variations. */
  variationKey: string;
};

export type HydratedItem = {
  _id: string;
  title: string;
  slug: string;
  variationKey?: string | null;
  actualPrice: number | null;
  status?: string;
  sellable?: number | null;
  trackStock?: boolean;
  /** Whether the line is delivered; an order with no delivered line is charged no delivery. */
  needsShipping?: boolean;
  primaryImage?: { uploadUrl?: string | null; title?: string | null } | null;
};

export const MAX_QUANTITY = 99;

const sameLine = (a: { productId: string; variationKey: string }, productId: string, key: string) =>
  a.productId === productId && a.variationKey === key;

/** Adds `quantity` of a product (and variant), merging with a line already there. */
export function addToCart(
  cart: CartLine[],
  productId: string,
  variationKey: string,
  quantity: number,
): CartLine[] {
  const amount = Math.max(1, Math.floor(quantity));
  const existing = cart.find((l) => sameLine(l, productId, variationKey));
  if (!existing) {
    return [
      ...cart,
      { productId, variationKey, quantity: Math.min(amount, MAX_QUANTITY), type: 'product' },
    ];
  }
  return cart.map((l) =>
    l === existing ? { ...l, quantity: Math.min(l.quantity + amount, MAX_QUANTITY) } : l,
  );
}

/** Sets a line's quantity; zero or less removes it. */
export function setQuantity(
  cart: CartLine[],
  productId: string,
  variationKey: string,
  quantity: number,
): CartLine[] {
  if (!(quantity >= 1)) return cart.filter((l) => !sameLine(l, productId, variationKey));
  const amount = Math.min(Math.floor(quantity), MAX_QUANTITY);
  return cart.map((l) => (sameLine(l, productId, variationKey) ? { ...l, quantity: amount } : l));
}

/** A stored value read back: anything that is not a well-formed line is dropped. */
export function parseCart(raw: unknown): CartLine[] {
  if (!Array.isArray(raw)) return [];
  const lines: CartLine[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const { productId, quantity, variationKey } = item as Record<string, unknown>;
    if (typeof productId !== 'string' || !productId) continue;
    if (typeof quantity !== 'number' || !(quantity >= 1)) continue;
    const key = typeof variationKey === 'string' ? variationKey : '';
    lines.push({
      productId,
      quantity: Math.min(Math.floor(quantity), MAX_QUANTITY),
      type: 'product',
      variationKey: key,
    });
  }
  return lines;
}

export type BagLine = CartLine & { item: HydratedItem; unitPrice: number; lineTotal: number };

/**
 * The cart as hydration answers it: lines whose product (or variant) is no longer available
 * are absent from the answer and drop out; `actualPrice` from the answer is the price, and
 * line totals are taken in minor units of `digits` as the API takes them.
 */
export function reconcile(
  cart: CartLine[],
  hydrated: HydratedItem[],
  digits = 2,
): { lines: BagLine[]; dropped: CartLine[]; subtotal: number } {
  const lines: BagLine[] = [];
  const dropped: CartLine[] = [];
  for (const line of cart) {
    const item = hydrated.find(
      (h) => h._id === line.productId && (h.variationKey ?? '') === line.variationKey,
    );
    if (!item || item.actualPrice === null) {
      dropped.push(line);
      continue;
    }
    const unitPrice = item.actualPrice;
    const lineMinor = lineTotalMinor(toMinor(unitPrice, digits), line.quantity);
    lines.push({ ...line, item, unitPrice, lineTotal: toAmount(lineMinor, digits) });
  }
  const subtotalMinor = productsTotalMinor(
    lines.map((l) => ({ unitMinor: toMinor(l.unitPrice, digits), quantity: l.quantity })),
  );
  return { lines, dropped, subtotal: toAmount(subtotalMinor, digits) };
}

/** The cart as the API takes it (`cart` of hydration, coupons and orders). */
export const cartBody = (cart: CartLine[]) =>
  cart.map(({ productId, quantity, type, variationKey }) => ({
    productId,
    quantity,
    type,
    variationKey,
  }));
