import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonArray } from '../../db/json';
import type { ProductPageRow } from '../products/queries/list';
import { productPageJson } from '../products/queries/list-item';
import { categorySearchable, productSearchable, searchMatches, searchScore } from './matching';
import type { SearchCategoryItem } from './schemas';

export type SearchRow = {
  products: ProductPageRow;
  categories: { total: number; items: SearchCategoryItem[] };
};

const RELEVANCE = sql`h.score desc, h.created_at desc, h.id desc`;

/**
 * One page of the shop's published products and one of its published categories matching
 * `term`, most relevant first, in one statement.
 */
export async function selectSearch(
  db: Db,
  shopId: string,
  term: string,
  page: number,
  limit: number,
): Promise<SearchRow> {
  const product = productSearchable('p');
  const category = categorySearchable('c');
  const result = await db.execute(sql`
    with product_hits as not materialized (
      select p.id, p.created_at, ${searchScore(product, term)} as score
      from products p
      where p.shop_id = ${shopId} and p.status = 'published' and ${searchMatches(product, term)}
    ),
    category_hits as (
      select c.id, c.name, c.slug, c.featured, c.position, ${searchScore(category, term)} as score
      from categories c
      where c.shop_id = ${shopId} and c.status = 'published' and ${searchMatches(category, term)}
    )
    select
      ${productPageJson(shopId, 'product_hits', RELEVANCE, page, limit)} as products,
      json_build_object(
        'total', (select count(*)::int from category_hits),
        'items', (select ${jsonArray(
          sql`json_build_object('_id', h.id, 'name', h.name, 'featured', h.featured, 'slug', h.slug)`,
          sql`h.score desc, h.position, h.name, h.id`,
        )} from (select * from category_hits h
            order by h.score desc, h.position, h.name, h.id
            limit ${limit} offset ${(page - 1) * limit}) h)) as categories`);
  return result.rows[0] as SearchRow;
}
