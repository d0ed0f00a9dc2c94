import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import type { categories, products } from './schema';

/**
 * What the sitemap reads of a table of storefront pages (products, categories), each owner
 * binding it to its own table: the pages are the published rows, addressed by slug.
 */
type PageTable = typeof products | typeof categories;

/** SQL: when a published row of the shop last changed, a scalar subquery (null for none). */
export const lastPublishedChangeSql = (table: PageTable, shopId: string): SQL =>
  sql`(select max(${table.updatedAt}) from ${table}
    where ${table.shopId} = ${shopId}::uuid and ${table.status} = 'published')`;

/**
 * One page of the shop's published rows after `afterSlug`, by slug: keyset pagination over
 * the (shop_id, slug) unique index, so every page costs the same.
 */
export function publishedSlugsAfter(
  db: Db,
  table: PageTable,
  shopId: string,
  afterSlug: string,
  limit: number,
): Promise<Array<{ slug: string; updatedAt: Date }>> {
  return db
    .select({ slug: table.slug, updatedAt: table.updatedAt })
    .from(table)
    .where(and(eq(table.shopId, shopId), eq(table.status, 'published'), gt(table.slug, afterSlug)))
    .orderBy(asc(table.slug))
    .limit(limit);
}
