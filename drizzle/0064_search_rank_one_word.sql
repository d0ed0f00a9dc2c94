-- A search of one word (most searches, and every search-as-you-type prefix) ranks each
-- match from the word's row, read once per statement, instead of summing the words' shares
-- in a subquery per match. The rank and every answer are the same (51 terms on two shops of
-- the scale database, typos, prefixes, SKUs and fewer words included, compared row by row);
-- on the 100,000-product shop, `modern` (8,131 matches) took 24.2-24.8 ms before and
-- 20.3-21.8 ms after (psql, alternated). Rendered by scripts/db/rendered-sql.ts (search)
-- from src/read-models/search.ts. Decision: docs/decisions/catalogue.md ("A one-word search
-- ranks without a subquery per match").
CREATE OR REPLACE FUNCTION public.search_hits(shop uuid, term text, with_categories boolean)
  RETURNS TABLE (hit_kind text, hit_id uuid, hit_created_at timestamptz, hit_rank integer[])
  LANGUAGE plpgsql STABLE
  SET plan_cache_mode = force_generic_plan
  AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  with search_terms as materialized (
      select * from public.search_terms(shop, term)
    ),
    search_last as materialized (
      select t.ord as k, t.q_upto as q, t.q_start, t.q_equal
      from search_terms t order by t.ord desc limit 1
    ),
    products_search_all as materialized (
      select x.id, x.created_at, case when (select k from search_last) = 1 then array[case when not (select fuzzy from search_terms where ord = 1) or x.search_vector @@ (select q_t0 from search_terms where ord = 1) then 0
        when x.search_vector @@ (select q_t1 from search_terms where ord = 1) then 1 else 2 end, case when (select ord from search_terms where ord = 1) = (select k from search_last) then 0 when x.search_vector @@ (select q_near1 from search_terms where ord = 1) then 1
        when x.search_vector @@ (select q_near2 from search_terms where ord = 1) then 2 when x.search_vector @@ (select q_near3 from search_terms where ord = 1) then 3 else 8 end, case when x.search_vector @@ (select q_a from search_terms where ord = 1) then 0 when x.search_vector @@ (select q_b from search_terms where ord = 1) then 1
        when x.search_vector @@ (select q_c from search_terms where ord = 1) then 2 else 3 end,
      case when not x.search_vector @@ (select q_start from search_last) then 2 when x.search_vector @@ (select q_equal from search_last) then 0 else 1 end, case when (select loose from search_terms where ord = 1) and not x.search_vector @@ (select q_exact from search_terms where ord = 1) then 1 else 0 end]::int[]
    else (select array[coalesce(sum(case when not t.fuzzy or x.search_vector @@ t.q_t0 then 0
        when x.search_vector @@ t.q_t1 then 1 else 2 end), 0), coalesce(sum(case when t.ord = (select k from search_last) then 0 when x.search_vector @@ t.q_near1 then 1
        when x.search_vector @@ t.q_near2 then 2 when x.search_vector @@ t.q_near3 then 3 else 8 end), 0),
      coalesce(sum(case when x.search_vector @@ t.q_a then 0 when x.search_vector @@ t.q_b then 1
        when x.search_vector @@ t.q_c then 2 else 3 end), 0), case when not x.search_vector @@ (select q_start from search_last) then 2 when x.search_vector @@ (select q_equal from search_last) then 0 else 1 end, coalesce(sum(case when t.loose and not x.search_vector @@ t.q_exact then 1 else 0 end), 0)]::int[]
    from search_terms t where t.ord <= (select k from search_last)) end as rank
      from product_cards x where x.shop_id = shop and x.search_vector @@ (select q from search_last)
    ),
    products_search_depth as materialized (
      select t.ord as k, t.q_upto as q, t.q_start, t.q_equal
      from (select * from search_terms order by ord desc offset 1) t
      where not exists (select 1 from products_search_all)
        and exists (select 1 from product_cards x where x.shop_id = shop and x.search_vector @@ t.q_upto)
      limit 1
    ),
    products_search as materialized (
      select * from products_search_all
      union all
      select x.id, x.created_at, case when (select k from products_search_depth) = 1 then array[case when not (select fuzzy from search_terms where ord = 1) or x.search_vector @@ (select q_t0 from search_terms where ord = 1) then 0
        when x.search_vector @@ (select q_t1 from search_terms where ord = 1) then 1 else 2 end, case when (select ord from search_terms where ord = 1) = (select k from products_search_depth) then 0 when x.search_vector @@ (select q_near1 from search_terms where ord = 1) then 1
        when x.search_vector @@ (select q_near2 from search_terms where ord = 1) then 2 when x.search_vector @@ (select q_near3 from search_terms where ord = 1) then 3 else 8 end, case when x.search_vector @@ (select q_a from search_terms where ord = 1) then 0 when x.search_vector @@ (select q_b from search_terms where ord = 1) then 1
        when x.search_vector @@ (select q_c from search_terms where ord = 1) then 2 else 3 end,
      case when not x.search_vector @@ (select q_start from products_search_depth) then 2 when x.search_vector @@ (select q_equal from products_search_depth) then 0 else 1 end, case when (select loose from search_terms where ord = 1) and not x.search_vector @@ (select q_exact from search_terms where ord = 1) then 1 else 0 end]::int[]
    else (select array[coalesce(sum(case when not t.fuzzy or x.search_vector @@ t.q_t0 then 0
        when x.search_vector @@ t.q_t1 then 1 else 2 end), 0), coalesce(sum(case when t.ord = (select k from products_search_depth) then 0 when x.search_vector @@ t.q_near1 then 1
        when x.search_vector @@ t.q_near2 then 2 when x.search_vector @@ t.q_near3 then 3 else 8 end), 0),
      coalesce(sum(case when x.search_vector @@ t.q_a then 0 when x.search_vector @@ t.q_b then 1
        when x.search_vector @@ t.q_c then 2 else 3 end), 0), case when not x.search_vector @@ (select q_start from products_search_depth) then 2 when x.search_vector @@ (select q_equal from products_search_depth) then 0 else 1 end, coalesce(sum(case when t.loose and not x.search_vector @@ t.q_exact then 1 else 0 end), 0)]::int[]
    from search_terms t where t.ord <= (select k from products_search_depth)) end
      from product_cards x where x.shop_id = shop and x.search_vector @@ (select q from products_search_depth)
        and exists (select 1 from products_search_depth)
    ),
    categories_search_all as materialized (
      select x.id, x.created_at, case when (select k from search_last) = 1 then array[case when not (select fuzzy from search_terms where ord = 1) or x.search_vector @@ (select q_t0 from search_terms where ord = 1) then 0
        when x.search_vector @@ (select q_t1 from search_terms where ord = 1) then 1 else 2 end, case when (select ord from search_terms where ord = 1) = (select k from search_last) then 0 when x.search_vector @@ (select q_near1 from search_terms where ord = 1) then 1
        when x.search_vector @@ (select q_near2 from search_terms where ord = 1) then 2 when x.search_vector @@ (select q_near3 from search_terms where ord = 1) then 3 else 8 end, case when x.search_vector @@ (select q_a from search_terms where ord = 1) then 0 when x.search_vector @@ (select q_b from search_terms where ord = 1) then 1
        when x.search_vector @@ (select q_c from search_terms where ord = 1) then 2 else 3 end,
      case when not x.search_vector @@ (select q_start from search_last) then 2 when x.search_vector @@ (select q_equal from search_last) then 0 else 1 end, case when (select loose from search_terms where ord = 1) and not x.search_vector @@ (select q_exact from search_terms where ord = 1) then 1 else 0 end]::int[]
    else (select array[coalesce(sum(case when not t.fuzzy or x.search_vector @@ t.q_t0 then 0
        when x.search_vector @@ t.q_t1 then 1 else 2 end), 0), coalesce(sum(case when t.ord = (select k from search_last) then 0 when x.search_vector @@ t.q_near1 then 1
        when x.search_vector @@ t.q_near2 then 2 when x.search_vector @@ t.q_near3 then 3 else 8 end), 0),
      coalesce(sum(case when x.search_vector @@ t.q_a then 0 when x.search_vector @@ t.q_b then 1
        when x.search_vector @@ t.q_c then 2 else 3 end), 0), case when not x.search_vector @@ (select q_start from search_last) then 2 when x.search_vector @@ (select q_equal from search_last) then 0 else 1 end, coalesce(sum(case when t.loose and not x.search_vector @@ t.q_exact then 1 else 0 end), 0)]::int[]
    from search_terms t where t.ord <= (select k from search_last)) end as rank
      from categories x
    where x.shop_id = shop and x.status = 'published' and x.search_vector @@ (select q from search_last)
    ),
    categories_search_depth as materialized (
      select t.ord as k, t.q_upto as q, t.q_start, t.q_equal
      from (select * from search_terms order by ord desc offset 1) t
      where not exists (select 1 from categories_search_all)
        and exists (select 1 from categories x
    where x.shop_id = shop and x.status = 'published' and x.search_vector @@ t.q_upto)
      limit 1
    ),
    categories_search as materialized (
      select * from categories_search_all
      union all
      select x.id, x.created_at, case when (select k from categories_search_depth) = 1 then array[case when not (select fuzzy from search_terms where ord = 1) or x.search_vector @@ (select q_t0 from search_terms where ord = 1) then 0
        when x.search_vector @@ (select q_t1 from search_terms where ord = 1) then 1 else 2 end, case when (select ord from search_terms where ord = 1) = (select k from categories_search_depth) then 0 when x.search_vector @@ (select q_near1 from search_terms where ord = 1) then 1
        when x.search_vector @@ (select q_near2 from search_terms where ord = 1) then 2 when x.search_vector @@ (select q_near3 from search_terms where ord = 1) then 3 else 8 end, case when x.search_vector @@ (select q_a from search_terms where ord = 1) then 0 when x.search_vector @@ (select q_b from search_terms where ord = 1) then 1
        when x.search_vector @@ (select q_c from search_terms where ord = 1) then 2 else 3 end,
      case when not x.search_vector @@ (select q_start from categories_search_depth) then 2 when x.search_vector @@ (select q_equal from categories_search_depth) then 0 else 1 end, case when (select loose from search_terms where ord = 1) and not x.search_vector @@ (select q_exact from search_terms where ord = 1) then 1 else 0 end]::int[]
    else (select array[coalesce(sum(case when not t.fuzzy or x.search_vector @@ t.q_t0 then 0
        when x.search_vector @@ t.q_t1 then 1 else 2 end), 0), coalesce(sum(case when t.ord = (select k from categories_search_depth) then 0 when x.search_vector @@ t.q_near1 then 1
        when x.search_vector @@ t.q_near2 then 2 when x.search_vector @@ t.q_near3 then 3 else 8 end), 0),
      coalesce(sum(case when x.search_vector @@ t.q_a then 0 when x.search_vector @@ t.q_b then 1
        when x.search_vector @@ t.q_c then 2 else 3 end), 0), case when not x.search_vector @@ (select q_start from categories_search_depth) then 2 when x.search_vector @@ (select q_equal from categories_search_depth) then 0 else 1 end, coalesce(sum(case when t.loose and not x.search_vector @@ t.q_exact then 1 else 0 end), 0)]::int[]
    from search_terms t where t.ord <= (select k from categories_search_depth)) end
      from categories x
    where x.shop_id = shop and x.status = 'published' and x.search_vector @@ (select q from categories_search_depth)
        and exists (select 1 from categories_search_depth)
    )
    select 'products'::text, s.id, s.created_at, s.rank from products_search s
    union all
    select 'categories'::text, s.id, s.created_at, s.rank from categories_search s
    where with_categories;
END
$$;
