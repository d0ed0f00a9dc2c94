import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mediaFileJson } from '../../../db/json';
import { lastPublishedChangeSql, publishedSlugsAfter } from '../../../db/published-pages';
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

/** SQL: when a published product of the shop last changed (the sitemap), a scalar subquery. */
export const lastPublishedProductChangeSql = (shopId: string): SQL =>
  lastPublishedChangeSql(products, shopId);

/** One page of the shop's published products after `afterSlug`, by slug (the sitemap). */
export const selectPublishedProductSlugs = (
  db: Db,
  shopId: string,
  afterSlug: string,
  limit: number,
) => publishedSlugsAfter(db, products, shopId, afterSlug, limit);
