import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { productListItemJson, productSummary } from '../../../read-models/product-list-item';
import type { ProductDetail } from '../schemas';
import { productMediaJson } from './media';
import { targetProduct } from './reference';
import { defaultOptionsJson, productOptionsJson } from './variant-json';

/** A published product's detail (amounts in minor units, description raw), or null. */
export async function selectProductDetail(
  db: Db,
  shopId: string,
  ref: string,
): Promise<ProductDetail | null> {
  const result = await db.execute(sql`
    with ${targetProduct(shopId, ref)}
    select (${productListItemJson('p')})::jsonb || jsonb_build_object(
        'description', p.description,
        'media', ${productMediaJson('p')},
        'options', case when ps.has_variants then ${productOptionsJson('p')} end,
        'defaultOptions', case when ps.has_variants then ${defaultOptionsJson('p')} end,
        'hasShipping', p.has_shipping,
        'shipping', case when p.has_shipping then p.shipping end) as product
    from target p cross join lateral ${productSummary('p')} ps`);
  const row = result.rows[0] as { product: ProductDetail } | undefined;
  return row?.product ?? null;
}
