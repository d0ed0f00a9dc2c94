import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Variant } from '../schemas';
import { targetProduct } from './reference';
import { variantJson } from './variant-json';

/** A product reference as the variant endpoints show it. */
export type ProductRefRow = { _id: string; title: string; slug: string };

/** The active variants of a published product by position, or null without the product. */
export async function selectVariants(
  db: Db,
  shopId: string,
  ref: string,
): Promise<{ product: ProductRefRow; variants: Variant[] } | null> {
  const result = await db.execute(sql`
    with ${targetProduct(shopId, ref)}
    select json_build_object('_id', p.id, 'title', p.title, 'slug', p.slug) as product,
      (select coalesce(json_agg(${variantJson('v', 'p')} order by v.position, v.id), '[]'::json)
        from product_variants v
        where v.shop_id = p.shop_id and v.product_id = p.id and v.active) as variants
    from target p`);
  return (result.rows[0] as { product: ProductRefRow; variants: Variant[] } | undefined) ?? null;
}

/** The option value ids of each option of a product, in option (key) order. */
export type OptionValueIds = string[][];

/**
 * What GET /products/variant-details needs to judge a key: the product's options (value
 * ids in key order) and the active variant with that key, if any. Null without the product.
 */
export async function selectVariantByKey(
  db: Db,
  shopId: string,
  ref: string,
  key: string,
): Promise<{ options: OptionValueIds; variant: Variant | null } | null> {
  const result = await db.execute(sql`
    with ${targetProduct(shopId, ref)}
    select
      (select coalesce(json_agg(
          (select coalesce(json_agg(ov.id order by ov.position, ov.id), '[]'::json)
            from product_option_values ov where ov.shop_id = o.shop_id and ov.option_id = o.id)
          order by o.position, o.id), '[]'::json)
        from product_options o where o.shop_id = p.shop_id and o.product_id = p.id) as options,
      (select ${variantJson('v', 'p')} from product_variants v
        where v.shop_id = p.shop_id and v.product_id = p.id and v.key = ${key} and v.active)
        as variant
    from target p`);
  return (
    (result.rows[0] as { options: OptionValueIds; variant: Variant | null } | undefined) ?? null
  );
}
