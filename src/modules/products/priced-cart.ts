import { lineTotalMinor } from '@storefront-api/pricing';
import type { ErrorDetail } from '../../errors';
import type { CatalogRow } from './queries/pricing';

/*
 * A cart as the server prices it from the catalogue: what POST /coupons checks a coupon
 * against and what checkout turns into an order, read from the rows of `selectCartCatalog`.
 */

/** One cart item priced by the server, ready to become an order line. */
export type PricedLine = {
  /** Position of the item in the request's cart (for error details). */
  index: number;
  productId: string;
  variantId: string | null;
  title: string;
  variationKey: string;
  sku: string;
  quantity: number;
  unitPriceMinor: number;
  totalMinor: number;
  trackStock: boolean;
  stock: number;
  isDigital: boolean;
  /** A physical line that has to be delivered. */
  needsShipping: boolean;
  /** The product's primary and assigned categories (coupon scope). */
  categoryIds: string[];
};

/** The cart as the server sees it: priced lines, and the items it cannot sell. */
export type PricedCart = {
  lines: PricedLine[];
  unavailable: ErrorDetail[];
  productsTotalMinor: number;
};

const UNAVAILABLE = 'The product is not available.';
const NO_VARIANT = 'Choose a variant: this product is sold by variationKey.';

/**
 * Splits the priced catalogue rows into sellable lines and details naming each cart item
 * the shop cannot sell (unknown or unpublished product, variant gone, key missing).
 */
export function readPricedCart(rows: CatalogRow[]): PricedCart {
  const lines: PricedLine[] = [];
  const unavailable: ErrorDetail[] = [];
  for (const row of rows) {
    if (row.state !== 'ok' || !row.product_id || row.unit_price_minor === null) {
      unavailable.push(
        row.state === 'variation-required'
          ? { field: `cart.${row.i}.variationKey`, message: NO_VARIANT }
          : { field: `cart.${row.i}`, message: UNAVAILABLE },
      );
      continue;
    }
    const isDigital = row.is_digital === true;
    lines.push({
      index: row.i,
      productId: row.product_id,
      variantId: row.variant_id,
      title: row.title ?? '',
      variationKey: row.variant_id ? row.variation_key : '',
      sku: row.sku ?? '',
      quantity: row.quantity,
      unitPriceMinor: row.unit_price_minor,
      totalMinor: lineTotalMinor(row.unit_price_minor, row.quantity),
      trackStock: row.track_stock === true,
      stock: row.stock ?? 0,
      isDigital,
      needsShipping: row.needs_shipping,
      categoryIds: row.category_ids,
    });
  }
  const productsTotalMinor = lines.reduce((sum, line) => sum + line.totalMinor, 0);
  return { lines, unavailable, productsTotalMinor };
}

/**
 * The most a cart may be worth, in minor units of the shop's currency: ten billion (100
 * million in a two-digit currency). An order costs at most its cart value plus tax (at most
 * 100 %) and one shipping fee, so every amount stays exact in JavaScript and fits the bigint
 * columns. Lines (100) and quantities (999) are bounded by the body schemas.
 */
export const MAX_CART_VALUE_MINOR = 10_000_000_000;

/** The detail refusing a cart worth more than MAX_CART_VALUE_MINOR (none when within it). */
export function cartValueLimit(cart: PricedCart): ErrorDetail[] {
  if (cart.productsTotalMinor <= MAX_CART_VALUE_MINOR) return [];
  return [{ field: 'cart', message: 'The cart is worth more than a single order may be.' }];
}
