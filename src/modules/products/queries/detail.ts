import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { productListItemJson, productSummary } from '../../../read-models/product-list-item';
import type { ProductDetail } from '../schemas';
import { productMediaJson } from './media';
import { productByRefQuery, refArguments } from './reference';
import { defaultOptionsJson, productOptionsJson } from './variant-json';

/**
 * SQL: a published product's detail (amounts in minor units, description raw) as one jsonb
 * column `product`, no row when `ref` names none (see productByRefQuery). The database runs
 * it as `public.product_detail(shop, ref, ref_id)`, rendered from here
 * (scripts/db/rendered-sql.ts), so each connection plans it once: sent as a statement, it
 * was planned at every call, which took longer than running it.
 */
export const productDetailQuery = (shop: SQL, ref: SQL, refId: SQL): SQL => sql`
    with target as (${productByRefQuery(shop, ref, refId)})
    select (${productListItemJson('p')})::jsonb || jsonb_build_object(
        'description', p.description,
        'media', ${productMediaJson('p')},
        'options', case when ps.has_variants then ${productOptionsJson('p')} end,
        'defaultOptions', case when ps.has_variants then ${defaultOptionsJson('p')} end,
        'hasShipping', p.has_shipping,
        'shipping', case when p.has_shipping then p.shipping end) as product
    from target p cross join lateral ${productSummary('p')} ps`;

/** A published product's detail (amounts in minor units, description raw), or null. */
export async function selectProductDetail(
  db: Db,
  shopId: string,
  ref: string,
): Promise<ProductDetail | null> {
  const a = refArguments(shopId, ref);
  const result = await db.execute(
    sql`select product from public.product_detail(${a.shop}, ${a.ref}, ${a.refId})`,
  );
  const row = result.rows[0] as { product: ProductDetail } | undefined;
  return row?.product ?? null;
}
