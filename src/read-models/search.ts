import { type SQL, sql } from 'drizzle-orm';

/*
 * How a search term matches and ranks catalogue rows: one rule for GET /search and the `term`
 * filter of GET /products (docs/decisions/catalogue.md, "Search: matching and ranking"). Postgres
 * compiles the term against the shop's dictionary (public.search_terms,
 * drizzle/0012_search_queries.sql) into one row per word, in the CTE `search_terms`; every
 * piece below reads it. Documents are the stored `search_vector` columns, which triggers keep
 * current (drizzle/0011_search_documents.sql).
 *
 * - Words: every word must match (the last one also as a prefix). When no row matches them
 *   all, the last words are dropped one at a time until some row matches (Meilisearch's `last`
 *   strategy).
 * - A word matches itself in any field, its singular, and, when the dictionary does not hold
 *   it, its corrections (1 typo from 5 letters, 2 from 9), those in text fields only.
 * - Rank, ascending: typos, proximity, attribute (title, SKU, category, description),
 *   exactness (title is / starts with the words, then words matched exactly); callers add
 *   recency and id.
 */

/** A table with a `search_vector` document, a `status`, a `shop_id` and a `created_at`. */
export type SearchTable = 'products' | 'categories';

/**
 * SQL: one word's share of the rank of the document `v`, each part as `sum` adds it up over
 * the words: typos (its cheapest matching alternative), proximity to the next word (1 when
 * that follows it, 2 when it comes right before it or one word after, 3 one word further,
 * else 8: farther, or in another field; 0 for the last word, `k`), attribute (its best
 * field), and whether it matched only by a prefix or a correction. `t(column)` reads the
 * word's column.
 */
const wordRank = (v: SQL, t: (column: string) => SQL, k: SQL) => ({
  typos: sql`case when not ${t('fuzzy')} or ${v} @@ ${t('q_t0')} then 0
        when ${v} @@ ${t('q_t1')} then 1 else 2 end`,
  proximity: sql`case when ${t('ord')} = ${k} then 0 when ${v} @@ ${t('q_near1')} then 1
        when ${v} @@ ${t('q_near2')} then 2 when ${v} @@ ${t('q_near3')} then 3 else 8 end`,
  attribute: sql`case when ${v} @@ ${t('q_a')} then 0 when ${v} @@ ${t('q_b')} then 1
        when ${v} @@ ${t('q_c')} then 2 else 3 end`,
  loose: sql`case when ${t('loose')} and not ${v} @@ ${t('q_exact')} then 1 else 0 end`,
});

/**
 * SQL: the rank of the row aliased `alias` against the words up to `depth`'s `k`, an int[]
 * that sorts ascending: [typos, proximity, attribute, title exactness, words not matched
 * exactly]. Typos, proximity, attribute and loose words add up each word's share (wordRank).
 * Runs once per match, so each test is skipped when it cannot change the answer; a single
 * word (k = 1, most searches) is ranked from its row read once per statement, without the
 * sum over the words that costs each match a subquery (3.5 of `search_hits`' 24 ms on
 * 8,131 matches).
 */
const rank = (alias: string, depth: string): SQL => {
  const v = sql.raw(`${alias}.search_vector`);
  const d = (column: string) => sql.raw(`(select ${column} from ${depth})`);
  const k = d('k');
  const exactness = sql`case when not ${v} @@ ${d('q_start')} then 2 when ${v} @@ ${d('q_equal')} then 0 else 1 end`;
  const one = wordRank(
    v,
    (column) => sql.raw(`(select ${column} from search_terms where ord = 1)`),
    k,
  );
  const each = wordRank(v, (column) => sql.raw(`t.${column}`), k);
  return sql`case when ${k} = 1 then array[${one.typos}, ${one.proximity}, ${one.attribute},
      ${exactness}, ${one.loose}]::int[]
    else (select array[coalesce(sum(${each.typos}), 0), coalesce(sum(${each.proximity}), 0),
      coalesce(sum(${each.attribute}), 0), ${exactness}, coalesce(sum(${each.loose}), 0)]::int[]
    from search_terms t where t.ord <= ${k}) end`;
};

/**
 * SQL: the shop's published rows of `table` (aliased `x`) whose document matches `query`.
 * Products are searched through their cards (only published products have one, with a copy
 * of the product's document), so the page reads the same rows.
 */
const published = (shop: SQL, table: SearchTable, query: SQL): SQL =>
  table === 'products'
    ? sql`from product_cards x where x.shop_id = ${shop} and x.search_vector @@ ${query}`
    : sql`from ${sql.raw(table)} x
    where x.shop_id = ${shop} and x.status = 'published' and x.search_vector @@ ${query}`;

/**
 * SQL: whether the search document `vector` holds every word of `term` as search matches
 * words (itself, its singular, its corrections, the last word also as a prefix), none
 * dropped: a test of one row, for a list that walks its own order and stops at a page (the
 * merchant product list's `query`), where ranking every match would read them all. The
 * term is compiled once per statement (an uncorrelated subquery).
 */
export const holdsEveryWord = (vector: SQL, shop: SQL, term: SQL): SQL =>
  sql`${vector} @@ (select t.q_upto from public.search_terms(${shop}, ${term}) t
    order by t.ord desc limit 1)`;

/**
 * SQL: CTEs leaving `<table>_search (id, created_at, rank)`: the rows of `table` matching the
 * term, ranked. All the words first (`<table>_search_all`, one scan of the GIN index); only
 * when that finds nothing, `<table>_search_depth` probes fewer leading words, from all but the
 * last down, stopping at the first that matches, and those rows are ranked instead.
 */
const tableCtes = (shop: SQL, table: SearchTable): SQL => {
  const name = (suffix: string) => sql.raw(`${table}_search${suffix}`);
  return sql`${name('_all')} as materialized (
      select x.id, x.created_at, ${rank('x', 'search_last')} as rank
      ${published(shop, table, sql`(select q from search_last)`)}
    ),
    ${name('_depth')} as materialized (
      select t.ord as k, t.q_upto as q, t.q_start, t.q_equal
      from (select * from search_terms order by ord desc offset 1) t
      where not exists (select 1 from ${name('_all')})
        and exists (select 1 ${published(shop, table, sql`t.q_upto`)})
      limit 1
    ),
    ${name('')} as materialized (
      select * from ${name('_all')}
      union all
      select x.id, x.created_at, ${rank('x', `${table}_search_depth`)}
      ${published(shop, table, sql`(select q from ${name('_depth')})`)}
        and exists (select 1 from ${name('_depth')})
    )`;
};

/**
 * SQL: every match of the term in the shop's published products and (when `withCategories`)
 * categories, ranked: rows (hit_kind 'products' or 'categories', hit_id, hit_created_at,
 * hit_rank). `search_terms` compiles the term for the shop, `search_last` holds all its words.
 * The database runs this as `public.search_hits(shop, term, with_categories)`, rendered from
 * here (scripts/db/rendered-sql.ts; test/unit/scripts/db/rendered-sql.test.ts), so a search statement
 * plans one function call instead of the whole ranking.
 */
export const searchHitsQuery = (shop: SQL, term: SQL, withCategories: SQL): SQL =>
  sql`with search_terms as materialized (
      select * from public.search_terms(${shop}, ${term})
    ),
    search_last as materialized (
      select t.ord as k, t.q_upto as q, t.q_start, t.q_equal
      from search_terms t order by t.ord desc limit 1
    ),
    ${tableCtes(shop, 'products')},
    ${tableCtes(shop, 'categories')}
    select 'products'::text, s.id, s.created_at, s.rank from products_search s
    union all
    select 'categories'::text, s.id, s.created_at, s.rank from categories_search s
    where ${withCategories}`;

/**
 * SQL: the CTEs a search over `tables` needs, followed by a comma: per table,
 * `<table>_search` (id, created_at, rank) with the matching rows, from one call of
 * public.search_hits.
 */
export const searchCtes = (shopId: string, term: string, tables: SearchTable[]): SQL =>
  sql`search_hits as materialized (
      select * from public.search_hits(${shopId}::uuid, ${term}::text, ${tables.includes('categories')})
    ),
    ${sql.join(
      tables.map(
        (table) => sql`${sql.raw(`${table}_search`)} as (
      select h.hit_id as id, h.hit_created_at as created_at, h.hit_rank as rank
      from search_hits h where h.hit_kind = ${table})`,
      ),
      sql`, `,
    )},`;
