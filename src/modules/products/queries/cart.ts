import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { jsonArray } from '../../../db/json';
import { saleActive } from '../../../read-models/prices';
import {
  primaryCategoryJson,
  productImageJson,
  productSummary,
  stockStatus,
} from '../../../read-models/product-list-item';
import type { HydratedCartItem } from '../schemas';
import { productMediaJson } from './media';
import { type CartLineInput, cartLinesParameter, cartLinesSelect } from './pricing';
import { variantJson } from './variant-json';

export type HydratedCartRow = {
  /** Buyable lines in cart order, amounts in minor units. */
  items: HydratedCartItem[];
  /** Indexes of lines naming a product with variants but no variation key. */
  missingVariation: number[];
};

/**
 * Hydrates a cart in one statement. Prices, stock and availability come from
 * `cartLinesSelect`, the same SQL that prices orders (pricing.ts); lines that cannot be
 * bought are left out.
 */
export async function selectHydratedCart(
  db: Db,
  shopId: string,
  cart: CartLineInput[],
): Promise<HydratedCartRow> {
  const result = await db.execute(sql`
    with lines as (${cartLinesSelect(shopId, cartLinesParameter(cart))})
    select
      (select ${jsonArray(
        sql`json_build_object(
          '_id', p.id, 'title', p.title, 'slug', p.slug,
          'primaryImage', case when x.variation is null then (${productImageJson('p', 0)})::jsonb
            else (x.variation -> 'primaryImage') - 'position' end,
          'secondaryImage', ${productImageJson('p', 1)},
          'hasVariantions', ps.has_variants,
          'primaryCategory', ${primaryCategoryJson('p')},
          'media', ${productMediaJson('p')},
          'price', coalesce(v.price_minor, ps.price),
          'salePrice', case when v.id is null then ps.sale_price
            when ${saleActive('v')} then v.sale_price_minor end,
          'onSale', case when v.id is null then ps.on_sale else ${saleActive('v')} end,
          'actualPrice', l.unit_price_minor,
          'minPrice', ps.min_price, 'maxPrice', ps.max_price,
          'sku', l.sku, 'trackStock', l.track_stock,
          'status', ${stockStatus(sql`(not l.track_stock or l.stock > 0)`)},
          'sellable', case when l.track_stock then l.stock end,
          'variationKey', v.key,
          'variation', x.variation,
          'needsShipping', l.needs_shipping)`,
        sql`l.i`,
      )}
      from lines l
      join products p on p.shop_id = ${shopId} and p.id = l.product_id
      left join product_variants v on v.shop_id = ${shopId} and v.id = l.variant_id
      cross join lateral ${productSummary('p')} ps
      cross join lateral (
        select case when v.id is not null then (${variantJson('v', 'p')})::jsonb end as variation
      ) x
      where l.state = 'ok') as items,
      (select ${jsonArray(sql`l.i`, sql`l.i`)} from lines l
        where l.state = 'variation-required') as "missingVariation"`);
  const row = result.rows[0] as HydratedCartRow | undefined;
  return row ?? { items: [], missingVariation: [] };
}
