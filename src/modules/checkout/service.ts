import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ErrorDetail } from '../../errors';
import {
  type CartLineInput as CartItem,
  type CartLineRow,
  cartLinesSelect,
} from '../catalog/pricing';

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

type CatalogRow = CartLineRow & {
  has_shipping: boolean | null;
  category_ids: string[];
};

/**
 * The statement pricing `items` from the catalogue now: the catalogue's own cart pricing
 * (`cartLinesSelect`, the SQL cart hydration uses, so a cart and its order can never
 * disagree) plus what checkout needs beyond it: whether a line is delivered and the
 * product's categories (coupon scope). Unexecuted, so it can join a batch.
 */
export function selectCartCatalog(db: Db, shopId: string, items: CartItem[]) {
  return db.execute<CatalogRow>(sql`
    with lines as (${cartLinesSelect(shopId, items)})
    select l.*, coalesce(v.has_shipping, p.has_shipping) as has_shipping,
      array_remove(array(select pc.category_id::text from product_categories pc
        where pc.shop_id = p.shop_id and pc.product_id = p.id) || p.primary_category_id::text, null)
        as category_ids
    from lines l
    left join products p on p.shop_id = ${shopId} and p.id = l.product_id
    left join product_variants v on v.shop_id = ${shopId} and v.id = l.variant_id
    order by l.i
  `);
}

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
      totalMinor: row.unit_price_minor * row.quantity,
      trackStock: row.track_stock === true,
      stock: row.stock ?? 0,
      isDigital,
      needsShipping: row.has_shipping === true && !isDigital,
      categoryIds: row.category_ids,
    });
  }
  const productsTotalMinor = lines.reduce((sum, line) => sum + line.totalMinor, 0);
  return { lines, unavailable, productsTotalMinor };
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
