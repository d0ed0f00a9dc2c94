import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  type CardPage,
  cardPricesMatch,
  productPageJson,
  shopBestSellersTotal,
  shopCardsTotal,
} from '../../../read-models/product-cards';
import { searchCtes } from '../../../read-models/search';
import type { ProductListItem } from '../schemas';
import { targetProduct } from './reference';

/** One page of product list items (amounts in minor units) and the number of matches. */
export type ProductPageRow = CardPage<ProductListItem>;

export type ProductSort = 'A-Z' | 'Z-A' | 'RECENT' | 'OLD';

export type ProductListFilter = {
  shopId: string;
  page: number;
  limit: number;
  /** Absent: by relevance when `term` is set, else RECENT. */
  sort: ProductSort | undefined;
  /**
   * The categories the client named (`ids`: a select of their ids, from categories'
   * `publishedCategoryIds`; `one`: a single one was named): a product in any of them, or in a
   * category under one of them, matches (category_cards).
   */
  categories: { ids: SQL; one: boolean } | undefined;
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

/**
 * One page of a shop's published products, filtered and sorted, in one statement, over their
 * cards (product_cards: only published products have one).
 */
export function selectProductList(db: Db, f: ProductListFilter): Promise<ProductPageRow> {
  const where: SQL[] = [sql`c.shop_id = ${f.shopId}`];
  if (f.featured) where.push(sql`c.featured`);
  // A variant product matches when its price range overlaps the requested one.
  const prices: Array<(card: SQL) => SQL> = [];
  const { minPriceMinor: min, maxPriceMinor: max } = f;
  if (f.onSale) prices.push((card) => sql`${card}.on_sale`);
  if (min !== undefined) prices.push((card) => sql`${card}.high_price >= ${min}`);
  if (max !== undefined) prices.push((card) => sql`${card}.low_price <= ${max}`);
  if (prices.length) {
    where.push(
      cardPricesMatch('c', (card) =>
        sql.join(
          prices.map((test) => test(card)),
          sql` and `,
        ),
      ),
    );
  }
  const term = f.term;

  const sort = f.sort ?? (term ? 'RELEVANCE' : 'RECENT');
  // One category alone, by date: its cards are read (and counted) from category_cards'
  // index, newest or oldest first, without the cards.
  const byCategoryAlone =
    f.categories?.one && where.length === 1 && !term && (sort === 'RECENT' || sort === 'OLD');
  if (f.categories && !byCategoryAlone) {
    where.push(sql`exists (select 1 from category_cards cc
      where cc.shop_id = c.shop_id and cc.card_id = c.id
        and cc.category_id in (select id from category_tree))`);
  }
  // With a term, the matches are found and ranked once (products_search); with a price
  // filter, found once through product_cards_shop_on_sale_idx (the page would otherwise walk
  // the shop's cards newest first, testing each, when few or none match); otherwise the filter
  // CTE stays inlined so the count and the page each use the card indexes.
  const once = Boolean(term) || prices.length > 0;
  // Every card of the shop matches: its number is kept (shop_card_counts), not counted.
  const total = where.length === 1 && !term && !f.categories ? shopCardsTotal(f.shopId) : undefined;
  return selectPage(
    db,
    sql`with ${f.categories ? sql`category_tree(id) as materialized (${f.categories.ids}),` : sql``}
    ${term ? searchCtes(f.shopId, term, ['products']) : sql``}
    hits as ${once ? sql`materialized` : sql`not materialized`} (
      ${
        byCategoryAlone
          ? sql`select cc.card_id as id, cc.created_at, null::text as sort_title, null::int[] as rank
      from category_cards cc
      where cc.shop_id = ${f.shopId} and cc.category_id = (select id from category_tree)`
          : sql`select c.id, c.created_at, c.sort_title,
        ${term ? sql`s.rank` : sql`null::int[]`} as rank
      from product_cards c
      ${term ? sql`join products_search s on s.id = c.id` : sql``}
      where ${sql.join(where, sql` and `)}`
      }
    )
    select ${productPageJson(f.shopId, 'hits', SORTS[sort], f.page, f.limit, total)} as page`,
  );
}

/**
 * Published, buyable products ranked by units sold in orders neither cancelled nor
 * refunded (status `refunded` or a completed refund), whatever their payment state; ties go
 * to the newer product. Products never sold are not listed. The units are the product_sales
 * read model (Postgres adds a line's quantity as orders are written and change state, not a
 * card's column: checkout would then rebuild cards while it holds the shop's order counter);
 * the page walks its ranking index and reads the items from the cards, and the total is the
 * number Postgres keeps as those commit (shop_card_counts.best_sellers).
 */
export function selectBestSellers(
  db: Db,
  shopId: string,
  page: number,
  limit: number,
): Promise<ProductPageRow> {
  return selectPage(
    db,
    sql`with hits as not materialized (
      select s.product_id as id, s.product_created_at as created_at, s.units
      from product_sales s
      join product_cards c on c.shop_id = ${shopId} and c.id = s.product_id
      where s.shop_id = ${shopId} and s.units > 0 and c.in_stock
    )
    select ${productPageJson(shopId, 'hits', sql`h.units desc, h.created_at desc, h.id desc`, page, limit, shopBestSellersTotal(shopId))} as page`,
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
      join product_cards p on p.shop_id = ${shopId} and p.id = theirs.product_id
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
      join product_cards p on p.shop_id = ${shopId} and p.id = theirs.product_id
      where mine.shop_id = ${shopId} and mine.product_id in ${ids}
      group by p.id, p.created_at
    )
    select ${productPageJson(shopId, 'hits', BY_OVERLAP, page, limit)} as page`,
  );
}
