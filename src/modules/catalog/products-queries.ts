import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  preferIdMatch,
  productListItemJson,
  productMediaJson,
  productPageJson,
  productRef,
  productSummary,
} from './products-list-item';
import type { ProductDetail, ProductListItem, Variant } from './products-schemas';
import { defaultOptionsJson, productOptionsJson, variantJson } from './products-variant-sql';
import { searchCtes } from './search-matching';

/** One page of product list items (amounts in minor units) and the number of matches. */
export type ProductPageRow = { total: number; items: ProductListItem[] };

export type ProductSort = 'A-Z' | 'Z-A' | 'RECENT' | 'OLD';

export type ProductListFilter = {
  shopId: string;
  page: number;
  limit: number;
  /** Absent: by relevance when `term` is set, else RECENT. */
  sort: ProductSort | undefined;
  /** Category slugs; a product in any of them or their descendants matches. */
  categories: string[];
  minPriceMinor: number | undefined;
  maxPriceMinor: number | undefined;
  featured: boolean;
  onSale: boolean;
  term: string | undefined;
};

const SORTS: Record<ProductSort | 'RELEVANCE', SQL> = {
  'A-Z': sql`h.sort_title asc, h.id asc`,
  'Z-A': sql`h.sort_title desc, h.id desc`,
  RECENT: sql`h.created_at desc, h.id desc`,
  OLD: sql`h.created_at asc, h.id asc`,
  RELEVANCE: sql`h.rank, h.created_at desc, h.id desc`,
};

/** Runs a statement whose only row has a `page` column. */
async function selectPage(db: Db, query: SQL): Promise<ProductPageRow> {
  const result = await db.execute(query);
  const row = result.rows[0] as { page: ProductPageRow } | undefined;
  return row?.page ?? { total: 0, items: [] };
}

/** One page of a shop's published products, filtered and sorted, in one statement. */
export function selectProductList(db: Db, f: ProductListFilter): Promise<ProductPageRow> {
  const where: SQL[] = [sql`p.shop_id = ${f.shopId}`, sql`p.status = 'published'`];
  if (f.featured) where.push(sql`p.featured`);
  if (f.categories.length > 0) {
    where.push(sql`exists (select 1 from product_categories pc
      where pc.shop_id = p.shop_id and pc.product_id = p.id
        and pc.category_id in (select id from category_tree))`);
  }
  if (f.onSale) where.push(sql`ps.on_sale`);
  // A variant product matches when its price range overlaps the requested one.
  if (f.minPriceMinor !== undefined) {
    where.push(sql`coalesce(ps.max_price, ps.actual_price) >= ${f.minPriceMinor}`);
  }
  if (f.maxPriceMinor !== undefined) {
    where.push(sql`coalesce(ps.min_price, ps.actual_price) <= ${f.maxPriceMinor}`);
  }
  const term = f.term;
  const needsSummary = f.onSale || f.minPriceMinor !== undefined || f.maxPriceMinor !== undefined;

  // Published categories under the requested ones, at any depth (UNION stops at cycles).
  const categoryTree = sql`category_tree(id) as (
      select c.id from categories c
      where c.shop_id = ${f.shopId} and c.status = 'published'
        and c.slug in (${sql.join(
          f.categories.map((slug) => sql`${slug}`),
          sql`, `,
        )})
      union
      select c.id from categories c join category_tree t on c.parent_id = t.id
      where c.shop_id = ${f.shopId} and c.status = 'published'
    ),`;

  const sort = f.sort ?? (term ? 'RELEVANCE' : 'RECENT');
  // With a term, the matches are found and ranked once (products_search); without one, the
  // filter CTE stays inlined so the count and the page each use the list indexes.
  return selectPage(
    db,
    sql`with recursive ${f.categories.length > 0 ? categoryTree : sql``}
    ${term ? searchCtes(f.shopId, term, ['products']) : sql``}
    hits as ${term ? sql`materialized` : sql`not materialized`} (
      select p.id, p.created_at,
        ${sort === 'A-Z' || sort === 'Z-A' ? sql`public.f_unaccent(lower(p.title))` : sql`null::text`} as sort_title,
        ${term ? sql`s.rank` : sql`null::int[]`} as rank
      from products p
      ${term ? sql`join products_search s on s.id = p.id` : sql``}
      ${needsSummary ? sql`cross join lateral ${productSummary('p')} ps` : sql``}
      where ${sql.join(where, sql` and `)}
    )
    select ${productPageJson(f.shopId, 'hits', SORTS[sort], f.page, f.limit)} as page`,
  );
}

/** SQL: the one published product of the shop named by slug or `_id`, as CTE `target`. */
const targetProduct = (shopId: string, ref: string): SQL => sql`target as (
    select p.* from products p
    where p.shop_id = ${shopId} and p.status = 'published' and ${productRef('p', ref)}
    order by ${preferIdMatch('p', ref)} limit 1
  )`;

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

/**
 * Published, buyable products ranked by units sold in orders neither cancelled nor
 * refunded; ties go to the newer product. Products never sold are not listed.
 */
export function selectBestSellers(
  db: Db,
  shopId: string,
  page: number,
  limit: number,
): Promise<ProductPageRow> {
  return selectPage(
    db,
    sql`with sold as (
      select ol.product_id, sum(ol.quantity)::int as units
      from order_lines ol
      join orders o on o.id = ol.order_id and o.shop_id = ol.shop_id
      where ol.shop_id = ${shopId} and ol.product_id is not null
        and o.status not in ('cancelled', 'refunded') and o.refund_state <> 'refunded'
      group by ol.product_id
    ),
    hits as (
      select p.id, p.created_at, s.units
      from sold s
      join products p on p.shop_id = ${shopId} and p.id = s.product_id and p.status = 'published'
      cross join lateral ${productSummary('p')} ps
      where ps.in_stock
    )
    select ${productPageJson(shopId, 'hits', sql`h.units desc, h.created_at desc, h.id desc`, page, limit)} as page`,
  );
}

/** SQL ranking of products sharing categories: most shared categories, then newest. */
const BY_OVERLAP = sql`h.overlap desc, h.created_at desc, h.id desc`;

/**
 * Published products sharing categories with the product named by `ref`, never the
 * product itself; null when the product does not exist.
 */
export async function selectSimilar(
  db: Db,
  shopId: string,
  ref: string,
  page: number,
  limit: number,
): Promise<ProductPageRow | null> {
  const result = await db.execute(sql`
    with ${targetProduct(shopId, ref)},
    hits as (
      select p.id, p.created_at, count(distinct theirs.category_id) as overlap
      from target t
      join product_categories mine on mine.shop_id = ${shopId} and mine.product_id = t.id
      join product_categories theirs on theirs.shop_id = ${shopId}
        and theirs.category_id = mine.category_id and theirs.product_id <> t.id
      join products p on p.shop_id = ${shopId} and p.id = theirs.product_id
        and p.status = 'published'
      group by p.id, p.created_at
    )
    select exists (select 1 from target) as found,
      ${productPageJson(shopId, 'hits', BY_OVERLAP, page, limit)} as page`);
  const row = result.rows[0] as { found: boolean; page: ProductPageRow } | undefined;
  return row?.found ? row.page : null;
}

/**
 * Published products sharing categories with the cart's products, those in the cart
 * left out, ranked by the number of shared categories then recency.
 */
export function selectCartSimilarities(
  db: Db,
  shopId: string,
  productIds: string[],
  page: number,
  limit: number,
): Promise<ProductPageRow> {
  const ids = sql`(select unnest(${`{${productIds.join(',')}}`}::uuid[]))`;
  return selectPage(
    db,
    sql`with hits as (
      select p.id, p.created_at, count(distinct theirs.category_id) as overlap
      from product_categories mine
      join product_categories theirs on theirs.shop_id = ${shopId}
        and theirs.category_id = mine.category_id and theirs.product_id not in ${ids}
      join products p on p.shop_id = ${shopId} and p.id = theirs.product_id
        and p.status = 'published'
      where mine.shop_id = ${shopId} and mine.product_id in ${ids}
      group by p.id, p.created_at
    )
    select ${productPageJson(shopId, 'hits', BY_OVERLAP, page, limit)} as page`,
  );
}
