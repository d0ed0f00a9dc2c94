import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { isUuid } from '../../../lib/uuid';
import { actualPriceMinor } from '../../../read-models/prices';

/** One client-held cart item, as POST /products/cart and POST /orders receive it. */
export type CartLineInput = {
  productId: string;
  quantity: number;
  variationKey?: string | null | undefined;
};

/**
 * Whether a cart line can be bought: `ok`; `unavailable` (product unknown, unpublished or of
 * another shop, variant gone or inactive, or no price); `variation-required` (the product has
 * variants and the line names none).
 */
export type CartLineState = 'ok' | 'unavailable' | 'variation-required';

/** The lines as `jsonb_to_recordset` reads them (a jsonb parameter): ids that cannot be uuids become null. */
export const cartLinesParameter = (items: CartLineInput[]): SQL =>
  sql`${JSON.stringify(
    items.map((item, i) => ({
      i,
      product_id: isUuid(item.productId) ? item.productId.toLowerCase() : null,
      variation_key: (item.variationKey ?? '').trim().toLowerCase(),
      quantity: item.quantity,
    })),
  )}::jsonb`;

/**
 * SQL: a select resolving each cart line (`lines`, a jsonb of `cartLinesParameter`'s shape)
 * against the shop's catalogue now, one row per line (column `i` is the line's index). Columns: i, quantity, variation_key, product_id,
 * variant_id (null without a matching active variant), state (CartLineState),
 * unit_price_minor, track_stock, stock, title, sku, is_digital, needs_shipping (the line is
 * delivered: the variant's or else the product's "requires shipping", and not digital). Use it
 * as a CTE body.
 */
export const cartLinesSelect = (shop: string | SQL, lines: SQL): SQL => sql`
  select it.i, it.quantity, it.variation_key, p.id as product_id, v.id as variant_id,
    case
      when p.id is null then 'unavailable'
      when cv.variants > 0 and it.variation_key = '' then 'variation-required'
      when cv.variants > 0 and v.id is null then 'unavailable'
      when cv.variants = 0 and it.variation_key <> '' then 'unavailable'
      when coalesce(${actualPriceMinor('v')}, ${actualPriceMinor('p')}) is null then 'unavailable'
      else 'ok'
    end as state,
    case when v.id is null then ${actualPriceMinor('p')} else ${actualPriceMinor('v')} end
      as unit_price_minor,
    coalesce(v.track_stock, p.track_stock) as track_stock,
    coalesce(v.stock, p.stock) as stock,
    p.title,
    coalesce(nullif(v.sku, ''), p.sku) as sku,
    p.is_digital,
    (coalesce(v.has_shipping, p.has_shipping) is true and p.is_digital is not true)
      as needs_shipping
  from jsonb_to_recordset(${lines})
    as it(i int, product_id uuid, variation_key text, quantity int)
  left join products p
    on p.shop_id = ${shop} and p.id = it.product_id and p.status = 'published'
  left join lateral (
    select count(*)::int as variants from product_variants cv
    where cv.shop_id = p.shop_id and cv.product_id = p.id
  ) cv on true
  left join product_variants v
    on v.shop_id = p.shop_id and v.product_id = p.id and v.key = it.variation_key and v.active`;

/** One row of `cartLinesSelect`, in cart order (`i`), amounts in minor units. */
export type CartLineRow = {
  i: number;
  state: CartLineState;
  quantity: number;
  variation_key: string;
  product_id: string | null;
  variant_id: string | null;
  title: string | null;
  sku: string | null;
  unit_price_minor: number | null;
  track_stock: boolean | null;
  stock: number | null;
  is_digital: boolean | null;
  needs_shipping: boolean;
};

/** One cart line priced from the catalogue, with what checkout needs beyond cart hydration. */
export type CatalogRow = CartLineRow & { category_ids: string[] };

/**
 * SQL: each cart line priced from the catalogue now (`cartLinesSelect`, the SQL cart
 * hydration uses, so a cart and its order can never disagree) plus what checkout needs
 * beyond it: the product's categories (coupon scope). The database runs it as
 * `public.cart_catalog(shop, lines)`, rendered from here (scripts/db/rendered-sql.ts), so
 * each connection plans it once instead of at every checkout.
 */
export const cartCatalogQuery = (shop: SQL, lines: SQL): SQL => sql`
    with lines as (${cartLinesSelect(shop, lines)})
    select l.*,
      array_remove(array(select pc.category_id::text from product_categories pc
        where pc.shop_id = p.shop_id and pc.product_id = p.id) || p.primary_category_id::text, null)
        as category_ids
    from lines l
    left join products p on p.shop_id = ${shop} and p.id = l.product_id
    order by l.i`;

/** SQL: the call of public.cart_catalog pricing `items` (`cartCatalogQuery`), a row source. */
export const cartCatalogCall = (shopId: string, items: CartLineInput[]): SQL =>
  sql`public.cart_catalog(${shopId}::uuid, ${cartLinesParameter(items)})`;

/** The statement pricing `items` from the catalogue now (`cartCatalogQuery`). Unexecuted, so it can join a batch. */
export function selectCartCatalog(db: Db, shopId: string, items: CartLineInput[]) {
  return db.execute<CatalogRow>(sql`select * from ${cartCatalogCall(shopId, items)}`);
}
