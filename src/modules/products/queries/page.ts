import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mediaFileJson } from '../../../db/json';
import { products } from '../../../db/schema';
import { productImageJson } from '../../../read-models/product-list-item';
import { publishedProductByRef } from './reference';

/**
 * SQL: the page of the published product `ref` names as POST /config shows it, a JSON scalar
 * subquery (null when none): title, slug, description, the merchant's SEO title and
 * description, and its first image as `{ id, filename, mimeType }`.
 */
export const productPageSql = (shopId: string, ref: string): SQL => sql`(
  select json_build_object('title', p.title, 'slug', p.slug,
      'description', p.description, 'seoTitle', p.seo_title,
      'seoDescription', p.seo_description, 'image', ${productImageJson('p', 0, mediaFileJson)})
  from (${publishedProductByRef(shopId, ref)}) p)`;

/** SQL: when a published product of the shop last changed, a scalar subquery (null for none). */
export const lastPublishedProductChangeSql = (shopId: string): SQL =>
  sql`(select max(p.updated_at) from products p where p.shop_id = ${shopId}::uuid and p.status = 'published')`;

/**
 * One page of the shop's published products after `afterSlug`, by slug, for the sitemap:
 * keyset pagination over the (shop_id, slug) unique index, so every page costs the same.
 */
export function selectPublishedProductSlugs(
  db: Db,
  shopId: string,
  afterSlug: string,
  limit: number,
): Promise<Array<{ slug: string; updatedAt: Date }>> {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(
      and(
        eq(products.shopId, shopId),
        eq(products.status, 'published'),
        gt(products.slug, afterSlug),
      ),
    )
    .orderBy(asc(products.slug))
    .limit(limit);
}
