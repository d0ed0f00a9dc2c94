import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonArray } from '../../db/json';
import { type CardPage, productPageJson } from '../../read-models/product-cards';
import { searchCtes } from '../../read-models/search';
import type { ProductListItem } from '../products/schemas';
import type { SearchCategoryItem } from './schemas';

export type SearchRow = {
  products: CardPage<ProductListItem>;
  categories: { total: number; items: SearchCategoryItem[] };
};

const RELEVANCE = sql`h.rank, h.created_at desc, h.id desc`;
const CATEGORY_ORDER = sql`h.rank, h.position, h.name, h.id`;

/**
 * One page of the shop's published products and one of its published categories matching
 * `term`, most relevant first, in one statement. Each section ranks every match once, then
 * counts and pages them.
 */
export async function selectSearch(
  db: Db,
  shopId: string,
  term: string,
  page: number,
  limit: number,
): Promise<SearchRow> {
  const result = await db.execute(sql`
    with ${searchCtes(shopId, term, ['products', 'categories'])}
    category_hits as (
      select c.id, c.name, c.slug, c.featured, c.position, s.rank
      from categories_search s join categories c on c.id = s.id
    )
    select
      ${productPageJson(shopId, 'products_search', RELEVANCE, page, limit)} as products,
      json_build_object(
        'total', (select count(*)::int from category_hits),
        'items', (select ${jsonArray(
          sql`json_build_object('_id', h.id, 'name', h.name, 'featured', h.featured, 'slug', h.slug)`,
          CATEGORY_ORDER,
        )} from (select * from category_hits h order by ${CATEGORY_ORDER}
            limit ${limit} offset ${(page - 1) * limit}) h)) as categories`);
  return result.rows[0] as SearchRow;
}
