-- Search with plans kept for the session instead of made again in every search statement.
-- The term compiler (0012) as plpgsql, the same queries (a SQL function that is not inlined
-- plans its body on each statement that calls it; search_terms was inlined, and planning it
-- cost more than running it), and public.search_hits: the matching and ranking of
-- src/modules/search/matching.ts (rendered from searchHitsQuery by scripts/db/rendered-sql.ts;
-- test/node/rendered-sql.test.ts checks they agree) over product cards and categories.
-- Decisions: docs/decisions.md ("Product cards and fast catalogue reads").
CREATE OR REPLACE FUNCTION public.search_corrections(shop uuid, q text)
  RETURNS TABLE (word text, typos integer)
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  SET pg_trgm.similarity_threshold = 0.15
  AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT c.word, c.typos FROM (
      SELECT s.word, public.search_typos(q, s.word) AS typos,
        public.search_typo_budget(q, s.word) AS budget
      FROM public.search_words s
      WHERE s.shop_id = shop AND (s.word % q OR s.signature = public.search_signature(q))
        AND abs(length(s.word) - length(q)) <= 2 AND s.word <> q
    ) c
    WHERE c.typos <= c.budget;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.search_terms(shop uuid, term text)
  RETURNS TABLE (ord integer, fuzzy boolean, loose boolean, q_upto tsquery, q_exact tsquery,
    q_t0 tsquery, q_t1 tsquery, q_a tsquery, q_b tsquery, q_c tsquery, q_near1 tsquery, q_near2 tsquery,
    q_near3 tsquery, q_start tsquery, q_equal tsquery)
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    WITH words AS (
      SELECT (row_number() OVER (ORDER BY t.pos))::integer AS ord, t.word, count(*) OVER () AS n
      FROM (SELECT * FROM public.search_tokens(term) t ORDER BY t.pos LIMIT 10) t
    ),
    alternatives AS (
      SELECT w.ord, w.word, a.lexeme, a.prefix, a.typos, a.fields
      FROM words w CROSS JOIN LATERAL public.search_alternatives(shop, w.word, w.ord = w.n) a
    ),
    per_word AS (
      SELECT a.ord, bool_or(a.typos > 0) AS fuzzy,
        bool_or(a.prefix OR a.lexeme <> a.word) AS loose,
        ('''' || min(a.word) || '''')::tsquery AS q_exact,
        string_agg(public.search_operand(a.lexeme, a.prefix, a.fields, NULL), ' | ')::tsquery AS q_any,
        (string_agg(public.search_operand(a.lexeme, a.prefix, a.fields, NULL), ' | ')
          FILTER (WHERE a.typos = 0))::tsquery AS q_t0,
        (string_agg(public.search_operand(a.lexeme, a.prefix, a.fields, NULL), ' | ')
          FILTER (WHERE a.typos <= 1))::tsquery AS q_t1,
        string_agg(public.search_operand(a.lexeme, a.prefix, a.fields, 'A'), ' | ')::tsquery AS q_a,
        string_agg(public.search_operand(a.lexeme, a.prefix, a.fields, 'B'), ' | ')::tsquery AS q_b,
        string_agg(public.search_operand(a.lexeme, a.prefix, a.fields, 'C'), ' | ')::tsquery AS q_c,
        (string_agg(public.search_operand(a.lexeme, a.prefix, a.fields, 'A'), ' | ')
          FILTER (WHERE a.typos = 0))::tsquery AS q_head
      FROM alternatives a
      GROUP BY a.ord
    )
    SELECT p.ord, p.fuzzy, p.loose, public.search_all(p.q_any) OVER w, p.q_exact, p.q_t0, p.q_t1,
      p.q_a, p.q_b, p.q_c,
      tsquery_phrase(p.q_any, lead(p.q_any) OVER w),
      tsquery_phrase(lead(p.q_any) OVER w, p.q_any) || tsquery_phrase(p.q_any, lead(p.q_any) OVER w, 2),
      tsquery_phrase(lead(p.q_any) OVER w, p.q_any, 2) || tsquery_phrase(p.q_any, lead(p.q_any) OVER w, 3),
      public.search_chain(p.q_head) OVER w,
      tsquery_phrase(public.search_chain(p.q_head) OVER w, '''$'''::tsquery)
    FROM per_word p
    WINDOW w AS (ORDER BY p.ord)
    ORDER BY p.ord;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.search_hits(shop uuid, term text, with_categories boolean)
  RETURNS TABLE (hit_kind text, hit_id uuid, hit_created_at timestamptz, hit_rank integer[])
  LANGUAGE plpgsql STABLE
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
      select x.id, x.created_at, (select array[
      coalesce(sum(case when not t.fuzzy or x.search_vector @@ t.q_t0 then 0
        when x.search_vector @@ t.q_t1 then 1 else 2 end), 0),
      coalesce(sum(case when t.ord = (select k from search_last) then 0 when x.search_vector @@ t.q_near1 then 1
        when x.search_vector @@ t.q_near2 then 2 when x.search_vector @@ t.q_near3 then 3 else 8 end), 0),
      coalesce(sum(case when x.search_vector @@ t.q_a then 0 when x.search_vector @@ t.q_b then 1
        when x.search_vector @@ t.q_c then 2 else 3 end), 0),
      case when not x.search_vector @@ (select q_start from search_last) then 2 when x.search_vector @@ (select q_equal from search_last) then 0 else 1 end,
      count(*) filter (where t.loose and not x.search_vector @@ t.q_exact)
    ]::int[]
    from search_terms t where t.ord <= (select k from search_last)) as rank
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
      select x.id, x.created_at, (select array[
      coalesce(sum(case when not t.fuzzy or x.search_vector @@ t.q_t0 then 0
        when x.search_vector @@ t.q_t1 then 1 else 2 end), 0),
      coalesce(sum(case when t.ord = (select k from products_search_depth) then 0 when x.search_vector @@ t.q_near1 then 1
        when x.search_vector @@ t.q_near2 then 2 when x.search_vector @@ t.q_near3 then 3 else 8 end), 0),
      coalesce(sum(case when x.search_vector @@ t.q_a then 0 when x.search_vector @@ t.q_b then 1
        when x.search_vector @@ t.q_c then 2 else 3 end), 0),
      case when not x.search_vector @@ (select q_start from products_search_depth) then 2 when x.search_vector @@ (select q_equal from products_search_depth) then 0 else 1 end,
      count(*) filter (where t.loose and not x.search_vector @@ t.q_exact)
    ]::int[]
    from search_terms t where t.ord <= (select k from products_search_depth))
      from product_cards x where x.shop_id = shop and x.search_vector @@ (select q from products_search_depth)
        and exists (select 1 from products_search_depth)
    ),
    categories_search_all as materialized (
      select x.id, x.created_at, (select array[
      coalesce(sum(case when not t.fuzzy or x.search_vector @@ t.q_t0 then 0
        when x.search_vector @@ t.q_t1 then 1 else 2 end), 0),
      coalesce(sum(case when t.ord = (select k from search_last) then 0 when x.search_vector @@ t.q_near1 then 1
        when x.search_vector @@ t.q_near2 then 2 when x.search_vector @@ t.q_near3 then 3 else 8 end), 0),
      coalesce(sum(case when x.search_vector @@ t.q_a then 0 when x.search_vector @@ t.q_b then 1
        when x.search_vector @@ t.q_c then 2 else 3 end), 0),
      case when not x.search_vector @@ (select q_start from search_last) then 2 when x.search_vector @@ (select q_equal from search_last) then 0 else 1 end,
      count(*) filter (where t.loose and not x.search_vector @@ t.q_exact)
    ]::int[]
    from search_terms t where t.ord <= (select k from search_last)) as rank
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
      select x.id, x.created_at, (select array[
      coalesce(sum(case when not t.fuzzy or x.search_vector @@ t.q_t0 then 0
        when x.search_vector @@ t.q_t1 then 1 else 2 end), 0),
      coalesce(sum(case when t.ord = (select k from categories_search_depth) then 0 when x.search_vector @@ t.q_near1 then 1
        when x.search_vector @@ t.q_near2 then 2 when x.search_vector @@ t.q_near3 then 3 else 8 end), 0),
      coalesce(sum(case when x.search_vector @@ t.q_a then 0 when x.search_vector @@ t.q_b then 1
        when x.search_vector @@ t.q_c then 2 else 3 end), 0),
      case when not x.search_vector @@ (select q_start from categories_search_depth) then 2 when x.search_vector @@ (select q_equal from categories_search_depth) then 0 else 1 end,
      count(*) filter (where t.loose and not x.search_vector @@ t.q_exact)
    ]::int[]
    from search_terms t where t.ord <= (select k from categories_search_depth))
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
