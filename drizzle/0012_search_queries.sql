-- A search term compiled against a shop's dictionary (search_words, drizzle/0010 and 0011) into
-- the tsqueries that GET /search and GET /products?term= match and rank documents with. The whole
-- rule is in docs/decisions.md ("Search"); src/modules/search/matching.ts puts these pieces together.

-- How many typos a word of a search term may have to match an indexed word: none under five
-- letters, one from five, two when either word has nine or more ("jewelry", "jewellery").
CREATE OR REPLACE FUNCTION public.search_typo_budget(word text, indexed text) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  SELECT CASE WHEN length(word) < 5 THEN 0
    WHEN greatest(length(word), length(indexed)) >= 9 THEN 2 ELSE 1 END
  $$;--> statement-breakpoint

-- Typos between two words: a letter missing, added or wrong counts one, and so does a swap of
-- two letters, next to each other or not ("scraf", "lenin" for "linen"); otherwise the optimal
-- string alignment distance. levenshtein_less_equal (fuzzystrmatch) answers most pairs; the
-- alignment is computed only where transpositions could bring 3 or 4 down to 2.
CREATE OR REPLACE FUNCTION public.search_typos(a text, b text) RETURNS integer
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
DECLARE
  lev integer := levenshtein_less_equal(a, b, 4);
  la integer := length(a);
  lb integer := length(b);
  w integer := length(b) + 1;
  diff integer[];
  d integer[];
  cost integer;
BEGIN
  IF lev <= 1 THEN
    RETURN lev;
  END IF;
  IF lev = 2 THEN
    IF la <> lb THEN
      RETURN 2;
    END IF;
    SELECT array_agg(i ORDER BY i) INTO diff
    FROM generate_series(1, la) i WHERE substr(a, i, 1) <> substr(b, i, 1);
    IF cardinality(diff) = 2 AND substr(a, diff[1], 1) = substr(b, diff[2], 1)
        AND substr(a, diff[2], 1) = substr(b, diff[1], 1) THEN
      RETURN 1;
    END IF;
    RETURN 2;
  END IF;
  IF lev > 4 THEN
    RETURN lev;
  END IF;
  -- d[i * w + j + 1] is the distance between the first i letters of a and the first j of b.
  d := array_fill(0, ARRAY[(la + 1) * w]);
  FOR i IN 0..la LOOP
    d[i * w + 1] := i;
  END LOOP;
  FOR j IN 0..lb LOOP
    d[j + 1] := j;
  END LOOP;
  FOR i IN 1..la LOOP
    FOR j IN 1..lb LOOP
      cost := CASE WHEN substr(a, i, 1) = substr(b, j, 1) THEN 0 ELSE 1 END;
      d[i * w + j + 1] := least(d[(i - 1) * w + j + 1] + 1, d[i * w + j] + 1,
        d[(i - 1) * w + j] + cost);
      IF i > 1 AND j > 1 AND substr(a, i, 1) = substr(b, j - 1, 1)
          AND substr(a, i - 1, 1) = substr(b, j, 1) THEN
        d[i * w + j + 1] := least(d[i * w + j + 1], d[(i - 2) * w + j - 1] + 1);
      END IF;
    END LOOP;
  END LOOP;
  RETURN least(lev, d[la * w + lb + 1]);
END
$$;--> statement-breakpoint

-- The shop's indexed words that `q` may be a typo of, with their typos. Candidates come from
-- the dictionary's indexes: trigram similarity (a letter missing, added or wrong) and the same
-- letters (swapped ones, which share few trigrams); each is then measured. The threshold is
-- below pg_trgm's default 0.3 so that one typo in a five-letter word, or two in a long one,
-- still make a candidate (their similarity can fall to about 0.18).
CREATE OR REPLACE FUNCTION public.search_corrections(shop uuid, q text)
  RETURNS TABLE (word text, typos integer)
  LANGUAGE sql STABLE PARALLEL SAFE
  SET pg_trgm.similarity_threshold = 0.15
  AS $$
  SELECT c.word, c.typos FROM (
    SELECT s.word, public.search_typos(q, s.word) AS typos,
      public.search_typo_budget(q, s.word) AS budget
    FROM public.search_words s
    WHERE s.shop_id = shop AND (s.word % q OR s.signature = public.search_signature(q))
      AND abs(length(s.word) - length(q)) <= 2 AND s.word <> q
  ) c
  WHERE c.typos <= c.budget
  $$;--> statement-breakpoint

-- What one word of a search term matches, and at what cost: the word itself in any field, as
-- a prefix too when it is the term's last word (autocomplete). A word of letters only ending in
-- -s, -es or -ies also matches its singular, for one typo. Its corrections (five letters or
-- more) are added only when the shop's dictionary does not hold the word exactly: an exact
-- match is never replaced. Singulars and corrections match text fields only (A title,
-- C categories, D description), never B, the SKUs.
CREATE OR REPLACE FUNCTION public.search_alternatives(shop uuid, q text, last boolean)
  RETURNS TABLE (lexeme text, prefix boolean, typos integer, fields text)
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  AS $$
BEGIN
  RETURN QUERY SELECT q, last, 0, ''::text;
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

-- One alternative as a tsquery operand, restricted to `field` when given; null when
-- the alternative cannot match in that field.
CREATE OR REPLACE FUNCTION public.search_operand(lexeme text, prefix boolean, fields text, field text)
  RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  SELECT CASE WHEN field IS NOT NULL AND fields <> '' AND strpos(fields, field) = 0 THEN NULL
    ELSE '''' || lexeme || '''' || CASE WHEN prefix OR coalesce(field, fields) <> ''
      THEN ':' || CASE WHEN prefix THEN '*' ELSE '' END || coalesce(field, fields) ELSE '' END
  END
  $$;--> statement-breakpoint

-- Running combinations of the words' queries: all of the first n words, and the name that
-- starts with the first n words ('^' <-> w1 <-> ... <-> wn).
CREATE OR REPLACE AGGREGATE public.search_all(tsquery) (SFUNC = tsquery_and, STYPE = tsquery);--> statement-breakpoint
CREATE OR REPLACE AGGREGATE public.search_chain(tsquery) (
  SFUNC = tsquery_phrase, STYPE = tsquery, INITCOND = '''^'''
);--> statement-breakpoint

-- A search term compiled for a shop: one row per word (at most ten, in order) with
--   fuzzy    whether any alternative of the word costs typos;
--   loose    whether the word matches anything but itself (a prefix, singular, correction);
--   q_upto   what a document must match to hold every word up to this one;
--   q_exact  the word itself; q_t0 / q_t1 its alternatives of at most 0 / 1 typo;
--   q_a, q_b, q_c its alternatives in the title, SKU and category fields;
--   q_near1..3 the word and the next one at proximity 1, 2 and 3 (the next one right after it;
--            right before it or one word after; two before or two after);
--   q_start / q_equal a name (title) that starts with / is exactly the words up to this one,
--            without typos.
CREATE OR REPLACE FUNCTION public.search_terms(shop uuid, term text)
  RETURNS TABLE (ord integer, fuzzy boolean, loose boolean, q_upto tsquery, q_exact tsquery,
    q_t0 tsquery, q_t1 tsquery, q_a tsquery, q_b tsquery, q_c tsquery, q_near1 tsquery, q_near2 tsquery,
    q_near3 tsquery, q_start tsquery, q_equal tsquery)
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
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
  ORDER BY p.ord
  $$;
