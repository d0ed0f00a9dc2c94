import { type SQL, sql } from 'drizzle-orm';

/*
 * How a search term matches and ranks catalogue rows: one rule for GET /search and the `term`
 * filter of GET /products (docs/decisions.md, "Search"). Postgres compiles the term against
 * the shop's dictionary (public.search_terms, drizzle/0011_search_queries.sql) into one row
 * per word, in the CTE `search_terms`; every piece below reads it. Documents are the stored
 * `search_vector` columns, which triggers keep current (drizzle/0010_search_documents.sql).
 *
 * - Words: every word must match (the last one also as a prefix). When no row matches them
 *   all, the last words are dropped one at a time until some row matches (Meilisearch's `last`
 *   strategy): the CTE `<table>_search_depth` says how many leading words count.
 * - A word matches itself in any field; when the dictionary does not hold it, also its
 *   corrections (1 typo from 5 letters, 2 from 9) and its singular, in text fields only.
 * - Rank, ascending: typos, proximity, attribute (title, SKU, category, description),
 *   exactness (title is / starts with the words, then words matched exactly); callers add
 *   recency and id.
 */

/** A table with a `search_vector` document, a `status` and a `shop_id`. */
export type SearchTable = 'products' | 'categories';

const depthOf = (table: SearchTable) => sql.raw(`${table}_search_depth`);

/** SQL: the CTE `search_terms`, `term` compiled for the shop (one row per word, at most 10). */
export const searchTermsCte = (shopId: string, term: string): SQL =>
  sql`search_terms as materialized (
    select * from public.search_terms(${shopId}::uuid, ${term}::text))`;

/**
 * SQL: the CTE `<table>_search_depth`: the most leading words of the term that some published
 * row of the shop matches (`k`), with the query for them (`q`) and the title tests. Probes
 * from all words down and stops at the first hit, so a term every word of which matches costs
 * one index probe. No row when nothing matches even the first word.
 */
export const searchDepthCte = (shopId: string, table: SearchTable): SQL =>
  sql`${depthOf(table)} as materialized (
    select t.ord as k, t.q_upto as q, t.q_start, t.q_equal
    from (select * from search_terms order by ord desc offset 0) t
    where exists (select 1 from ${sql.raw(table)} x
      where x.shop_id = ${shopId} and x.status = 'published' and x.search_vector @@ t.q_upto)
    limit 1)`;

/** SQL: the CTEs every search over `tables` needs, each followed by a comma. */
export const searchCtes = (shopId: string, term: string, tables: SearchTable[]): SQL =>
  sql`${searchTermsCte(shopId, term)}, ${sql.join(
    tables.map((table) => searchDepthCte(shopId, table)),
    sql`, `,
  )},`;

/** SQL: true when the row aliased `alias` of `table` matches the term (GIN-indexed). */
export const searchMatches = (table: SearchTable, alias: string): SQL =>
  sql`${sql.raw(alias)}.search_vector @@ (select q from ${depthOf(table)})`;

/**
 * SQL: the rank of the matching row aliased `alias`, an int[] that sorts ascending:
 * [typos, proximity, attribute, title exactness, words not matched exactly]. Typos and
 * attribute add up the best alternative of each word; proximity adds, for each pair of
 * consecutive words, 1 (next to each other, in order), 2, 3, or 8 (farther or in other fields).
 */
export const searchRank = (table: SearchTable, alias: string): SQL => {
  const v = sql.raw(`${alias}.search_vector`);
  return sql`(select array[
      coalesce(sum(case when not t.fuzzy or ${v} @@ t.q_t0 then 0
        when ${v} @@ t.q_t1 then 1 else 2 end), 0),
      coalesce(sum(case when t.ord = d.k then 0 when ${v} @@ t.q_near1 then 1
        when ${v} @@ t.q_near2 then 2 when ${v} @@ t.q_near3 then 3 else 8 end), 0),
      coalesce(sum(case when ${v} @@ t.q_a then 0 when ${v} @@ t.q_b then 1
        when ${v} @@ t.q_c then 2 else 3 end), 0),
      min(case when t.ord < d.k then null when ${v} @@ d.q_equal then 0
        when ${v} @@ d.q_start then 1 else 2 end),
      count(*) filter (where not ${v} @@ t.q_exact)
    ]::int[]
    from search_terms t, ${depthOf(table)} d where t.ord <= d.k)`;
};
