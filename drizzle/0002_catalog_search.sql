-- Catalogue search: full-text (prefix) matching, typo tolerance and the indexes behind them.
-- btree_gin lets a GIN index start with shop_id, so every search index is scoped to one shop.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- The letters of a word in byte order: two words with the same letters (a typo that swaps
-- letters, "lenin" for "linen") share a signature, which trigrams cannot see in short words.
CREATE OR REPLACE FUNCTION public.search_signature(word text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT string_agg(ch, '' ORDER BY ch COLLATE "C") FROM regexp_split_to_table(word, '') AS ch $$;--> statement-breakpoint
-- The words of a text, lower-cased and accent-folded, as the 'simple' parser splits them.
CREATE OR REPLACE FUNCTION public.search_words(value text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT tsvector_to_array(to_tsvector('simple', public.f_unaccent(lower(coalesce(value, ''))))) $$;--> statement-breakpoint
-- What a search term is matched against: the main text's words (weight A), the secondary
-- text's words (B, e.g. a SKU) and the signatures of the main text's words of 4+ letters (D).
CREATE OR REPLACE FUNCTION public.search_document(main text, extra text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  SELECT setweight(to_tsvector('simple', public.f_unaccent(lower(coalesce(main, '')))), 'A')
    || setweight(to_tsvector('simple', public.f_unaccent(lower(coalesce(extra, '')))), 'B')
    || setweight(to_tsvector('simple', coalesce((
         SELECT string_agg(public.search_signature(w), ' ')
         FROM unnest(public.search_words(main)) AS w
         WHERE length(w) >= 4 AND w !~ '[^[:alpha:]]'), '')), 'D')
  $$;--> statement-breakpoint
-- A search term as a query on search_document: every word must match, as the prefix of a
-- word of the main or secondary text, or (4+ letters) by its signature. Null for a term
-- without words.
CREATE OR REPLACE FUNCTION public.search_query(term text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  SELECT string_agg('(''' || w || ''':*AB'
      || CASE WHEN length(w) >= 4 AND w !~ '[^[:alpha:]]'
           THEN ' | ''' || public.search_signature(w) || ''':D' ELSE '' END || ')', ' & ')::tsquery
  FROM unnest(public.search_words(term)) AS w
  WHERE strpos(w, '''') = 0 AND strpos(w, '\') = 0
  $$;--> statement-breakpoint
CREATE INDEX "products_shop_title_trgm_idx" ON "products" USING gin ("shop_id", (public.f_unaccent(lower("title"))) gin_trgm_ops) WHERE "status" = 'published';--> statement-breakpoint
CREATE INDEX "products_shop_sort_title_idx" ON "products" USING btree ("shop_id", (public.f_unaccent(lower("title"))), "id") WHERE "status" = 'published';--> statement-breakpoint
CREATE INDEX "categories_shop_name_trgm_idx" ON "categories" USING gin ("shop_id", (public.f_unaccent(lower("name"))) gin_trgm_ops) WHERE "status" = 'published';
