import { type SQL, sql } from 'drizzle-orm';
import { jsonArray } from '../db/json';
import { productListItemJson, productSummary } from './product-list-item';

/*
 * Product cards (src/db/schema/product-cards.ts): each published product's list item and the
 * columns lists filter and sort on, stored by Postgres whenever a table they are built from
 * changes. `cardSelect` is the one definition of a card; the database's
 * `public.product_cards_build` runs it as rendered here (drizzle/0017_product_card_triggers.sql,
 * checked by test/unit/scripts/db/rendered-sql.test.ts): triggers store its rows, readers page over
 * them and call it for a card whose prices a sale starting or ending has made out of date.
 */

/**
 * SQL: the next time, after now, a sale of the product aliased `p` or of one of its variants
 * starts or ends (when prices shown on its card change by themselves); null when none is due.
 */
export const nextPriceChange = (p: string): SQL => {
  const a = sql.raw(p);
  return sql`(select min(b.at) from (
      select unnest(array[${a}.sale_starts_at, ${a}.sale_ends_at]) as at
      where ${a}.sale_price_minor is not null
      union all
      select unnest(array[bv.sale_starts_at, bv.sale_ends_at]) from product_variants bv
      where bv.shop_id = ${a}.shop_id and bv.product_id = ${a}.id
        and bv.sale_price_minor is not null
    ) b where b.at > now())`;
};

/**
 * SQL: a select of the card of each `products` row aliased `p` (the caller adds `where`),
 * columns in `product_cards` order. Price filter bounds: the actual price, or the active
 * variants' range.
 */
export const cardSelect: SQL = sql`select p.id, p.shop_id, p.created_at,
    public.f_unaccent(lower(p.title)) as sort_title, p.featured,
    coalesce(ps.min_price, ps.actual_price) as low_price,
    coalesce(ps.max_price, ps.actual_price) as high_price,
    ps.on_sale, ps.in_stock,
    ${nextPriceChange('p')} as fresh_until, p.search_vector,
    ${productListItemJson('p')} as item
  from products p cross join lateral ${productSummary('p')} ps`;

/** SQL: true while the stored prices of the card aliased `c` are current. */
const fresh = (c: SQL) => sql`(${c}.fresh_until is null or now() < ${c}.fresh_until)`;

/**
 * SQL: the list item of the card aliased `c`, as stored; once a sale it names has started or
 * ended (and until a write rebuilds the card), computed from the product as it is now.
 */
export const cardItem = (c: string): SQL => {
  const a = sql.raw(c);
  return sql`(case when ${fresh(a)} then ${a}.item
    else (select b.item from public.product_cards_build(array[${a}.id]) b) end)`;
};

/**
 * SQL: `test` (on the price columns on_sale, low_price, high_price of the alias it is given)
 * holds for the card aliased `c` at its current prices: the stored columns while they are
 * fresh, so the card indexes serve the filter (product_cards_shop_on_sale_idx), else the
 * prices computed now (the few cards a sale has made stale, found by their fresh_until; the
 * `is not null` first, so a card without one never has its prices computed: null would not
 * end the `and`).
 */
export const cardPricesMatch = (c: string, test: (alias: SQL) => SQL): SQL => {
  const a = sql.raw(c);
  return sql`((${fresh(a)} and ${test(a)})
    or (${a}.fresh_until is not null and ${a}.fresh_until <= now() and exists (select 1 from public.product_cards_build(array[${a}.id]) b
      where ${test(sql.raw('b'))})))`;
};

/** One page of `productPageJson`: the number of matches and the page's items, in order. */
export type CardPage<Item> = { total: number; items: Item[] };

/**
 * SQL: `{ total, items }` for one page of the products listed in the CTE `cte` (a column
 * `id`, plus whatever `orderBy` reads through the alias `h`), items read from their cards in
 * that order. Declare a plain filter CTE `not materialized` so the count and the page each
 * use the indexes (the page stops after `limit` rows). `total` replaces counting the CTE's
 * rows where the number is kept elsewhere (shopCardsTotal). The page is cut before its rows
 * are numbered: numbering every match first made Postgres sort them all, where a page of
 * matches ordered by something no index gives (a search's rank) needs only a top-N sort.
 */
export const productPageJson = (
  shopId: string,
  cte: string,
  orderBy: SQL,
  page: number,
  limit: number,
  total?: SQL,
): SQL => {
  const from = sql.raw(cte);
  return sql`json_build_object(
    'total', ${total ?? sql`(select count(*)::int from ${from})`},
    'items', (select ${jsonArray(cardItem('c'), sql`pg.ord`)}
      from (select h.id, row_number() over (order by ${orderBy}) as ord
        from (select * from ${from} h order by ${orderBy}
          limit ${limit} offset ${(page - 1) * limit}) h) pg
      join product_cards c on c.shop_id = ${shopId} and c.id = pg.id))`;
};

/** SQL: a number shop_card_counts keeps for the shop (0 for a shop without a row). */
const keptCount = (shopId: string, column: 'cards' | 'best_sellers'): SQL =>
  sql`coalesce((select k.${sql.raw(column)} from shop_card_counts k where k.shop_id = ${shopId}), 0)`;

/** SQL: how many cards the shop has (shop_card_counts), the total of an unfiltered list. */
export const shopCardsTotal = (shopId: string): SQL => keptCount(shopId, 'cards');

/** SQL: how many of the shop's products best sellers lists (shop_card_counts), its total. */
export const shopBestSellersTotal = (shopId: string): SQL => keptCount(shopId, 'best_sellers');
