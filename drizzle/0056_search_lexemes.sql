-- search_lexemes: every lexeme of a shop's published search documents, kept with the typo
-- dictionary by search_words_count, so the search's last word, a prefix, is expanded to this
-- shop's own lexemes; search_hits planned once per session. Decision: docs/decisions/catalogue.md
-- ("A search's prefix reads only its shop's lexemes").
CREATE TABLE "search_lexemes" (
	"shop_id" uuid NOT NULL,
	"lexeme" text NOT NULL,
	"documents" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_lexemes" ADD CONSTRAINT "search_lexemes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_lexemes_shop_lexeme_uq" ON "search_lexemes" USING btree ("shop_id","lexeme" text_pattern_ops);--> statement-breakpoint

-- Counts documents entering (+1) or leaving (-1) the published catalogue into search_words
-- (the typo dictionary, as in 0011) and into search_lexemes (every lexeme). Rows of each table
-- are locked in (shop, word) order, so concurrent writers cannot deadlock; a row no document
-- holds any more is removed. Shops being deleted are skipped.
CREATE OR REPLACE FUNCTION public.search_words_count(shops uuid[], documents tsvector[], signs integer[])
  RETURNS void
  LANGUAGE plpgsql VOLATILE
  AS $$
DECLARE
  s uuid[];
  w text[];
  d integer[];
BEGIN
  SELECT array_agg(x.shop_id ORDER BY x.shop_id, x.word), array_agg(x.word ORDER BY x.shop_id, x.word),
    array_agg(x.delta ORDER BY x.shop_id, x.word)
  INTO s, w, d
  FROM (
    SELECT u.shop_id, l.word, sum(u.sign)::integer AS delta
    FROM unnest(shops, documents, signs) AS u(shop_id, document, sign)
    CROSS JOIN LATERAL public.search_dictionary_words(u.document) AS l(word)
    WHERE EXISTS (SELECT 1 FROM public.shops sh WHERE sh.id = u.shop_id)
    GROUP BY u.shop_id, l.word
    HAVING sum(u.sign) <> 0
  ) x;
  IF s IS NOT NULL THEN
    INSERT INTO public.search_words AS sw (shop_id, word, signature, documents)
    SELECT u.shop_id, u.word, public.search_signature(u.word), u.delta
    FROM unnest(s, w, d) WITH ORDINALITY AS u(shop_id, word, delta, n)
    ORDER BY u.n
    ON CONFLICT (shop_id, word) DO UPDATE SET documents = sw.documents + excluded.documents;
    DELETE FROM public.search_words sw
    USING unnest(s, w, d) AS u(shop_id, word, delta)
    WHERE u.delta < 0 AND sw.shop_id = u.shop_id AND sw.word = u.word AND sw.documents <= 0;
  END IF;

  SELECT array_agg(x.shop_id ORDER BY x.shop_id, x.lexeme COLLATE "C"),
    array_agg(x.lexeme ORDER BY x.shop_id, x.lexeme COLLATE "C"),
    array_agg(x.delta ORDER BY x.shop_id, x.lexeme COLLATE "C")
  INTO s, w, d
  FROM (
    SELECT u.shop_id, l.lexeme, sum(u.sign)::integer AS delta
    FROM unnest(shops, documents, signs) AS u(shop_id, document, sign)
    CROSS JOIN LATERAL unnest(u.document) AS l
    WHERE EXISTS (SELECT 1 FROM public.shops sh WHERE sh.id = u.shop_id)
    GROUP BY u.shop_id, l.lexeme
    HAVING sum(u.sign) <> 0
  ) x;
  IF s IS NOT NULL THEN
    INSERT INTO public.search_lexemes AS sl (shop_id, lexeme, documents)
    SELECT u.shop_id, u.lexeme, u.delta
    FROM unnest(s, w, d) WITH ORDINALITY AS u(shop_id, lexeme, delta, n)
    ORDER BY u.n
    ON CONFLICT (shop_id, lexeme) DO UPDATE SET documents = sl.documents + excluded.documents;
    DELETE FROM public.search_lexemes sl
    USING unnest(s, w, d) AS u(shop_id, lexeme, delta)
    WHERE u.delta < 0 AND sl.shop_id = u.shop_id AND sl.lexeme = u.lexeme AND sl.documents <= 0;
  END IF;
END
$$;--> statement-breakpoint

-- The alternatives of one word of a search term, as in 0012, but the last word, which also
-- matches as a prefix, is expanded to the shop's own lexemes that start with it (at most 64,
-- quoted safely), each an exact alternative: the GIN index then reads this shop's entries
-- of those lexemes instead of every shop's entries of the prefix. More lexemes than that (a
-- short prefix) keep the prefix itself.
CREATE OR REPLACE FUNCTION public.search_alternatives(shop uuid, q text, last boolean)
  RETURNS TABLE (lexeme text, prefix boolean, typos integer, fields text)
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  AS $$
DECLARE
  expanded text[];
BEGIN
  IF last THEN
    SELECT array_agg(l.lexeme) INTO expanded FROM (
      SELECT sl.lexeme FROM public.search_lexemes sl
      WHERE sl.shop_id = shop AND sl.lexeme ~>=~ q AND sl.lexeme ~<~ (q || chr(1114111))
        AND starts_with(sl.lexeme, q)
      LIMIT 65
    ) l;
  END IF;
  IF last AND (cardinality(expanded) > 64 OR EXISTS (
      SELECT 1 FROM unnest(expanded) e WHERE strpos(e, '''') > 0 OR strpos(e, '\') > 0)) THEN
    RETURN QUERY SELECT q, true, 0, ''::text;
  ELSE
    RETURN QUERY SELECT q, false, 0, ''::text;
    RETURN QUERY SELECT e, false, 0, ''::text FROM unnest(expanded) e WHERE e <> q;
  END IF;
  IF length(q) < 4 OR q ~ '[^[:alpha:]]' THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT DISTINCT v.stem, false, 1, 'ACD'::text
    FROM (VALUES (left(q, -1)), (CASE WHEN q LIKE '%es' THEN left(q, -2) END),
      (CASE WHEN q LIKE '%ies' THEN left(q, -3) || 'y' END)) AS v(stem)
    WHERE q LIKE '%s' AND length(v.stem) >= 3;
  IF length(q) >= 5 AND NOT EXISTS (
      SELECT 1 FROM public.search_words s WHERE s.shop_id = shop AND s.word = q) THEN
    RETURN QUERY SELECT c.word, false, c.typos, 'ACD'::text
      FROM public.search_corrections(shop, q) c;
  END IF;
END
$$;--> statement-breakpoint

-- Search matches as in 0018, planned once per session (the generic plan): a custom plan for
-- each of a session's first five searches cost the big shop about three times as much.
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
$$;--> statement-breakpoint

-- The lexemes of today's published documents.
INSERT INTO public.search_lexemes (shop_id, lexeme, documents)
SELECT d.shop_id, l.lexeme, count(*)::integer
FROM (
  SELECT p.shop_id, p.search_vector FROM public.products p WHERE p.status = 'published'
  UNION ALL
  SELECT c.shop_id, c.search_vector FROM public.categories c WHERE c.status = 'published'
) d
CROSS JOIN LATERAL unnest(d.search_vector) AS l
GROUP BY d.shop_id, l.lexeme;
