-- Search documents and the per-shop dictionary, kept current by Postgres itself.
-- A product's document (products.search_vector) is built from the product, its variants' SKUs
-- and its categories; a category's (categories.search_vector, generated) from its name. Triggers
-- on every table a document is built from rebuild it, and triggers on the documents count their
-- words into search_words, so no write path (storefront, merchant API, seed, SQL) can leave
-- search behind the catalogue. Matching and ranking: drizzle/0012_search_queries.sql and
-- docs/decisions.md ("Search").
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint

-- The words of a text in order: lower case, accents removed, split at anything that is not a
-- letter or a digit ("T-Shirt" is two words, "LS-100" too). Absurdly long runs are left out.
CREATE OR REPLACE FUNCTION public.search_tokens(value text) RETURNS TABLE (word text, pos integer)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  SELECT t.m[1], t.n::integer
  FROM regexp_matches(public.f_unaccent(lower(coalesce(value, ''))), '[[:alnum:]]+', 'g')
    WITH ORDINALITY AS t(m, n)
  WHERE length(t.m[1]) <= 100
  $$;--> statement-breakpoint

-- Merchant HTML as text: scripts and styles dropped, tags and entities read as spaces, except
-- the named entity of an accented letter (&eacute;), read as the letter without its accent.
CREATE OR REPLACE FUNCTION public.search_plain_text(html text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  SELECT regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(html, ''),
      '<(script|style)\M.*?</\1\s*>', ' ', 'gi'),
      '<[^>]*>', ' ', 'g'),
      '&([A-Za-z])(acute|grave|circ|uml|tilde|cedil|ring|slash|caron);', '\1', 'g'),
      '&#?[A-Za-z0-9]+;', ' ', 'g')
  $$;--> statement-breakpoint

-- The words of a text as a tsvector, positions from 1: lower case, accents removed, split at
-- anything that is not a letter or a digit exactly as search_tokens splits a term (the text
-- parser then sees plain words only, so it never adds compound tokens such as "t-shirt").
CREATE OR REPLACE FUNCTION public.search_text_vector(value text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  SELECT to_tsvector('simple'::regconfig,
    regexp_replace(public.f_unaccent(lower(coalesce(value, ''))), '[^[:alnum:]]+', ' ', 'g'))
  $$;--> statement-breakpoint

-- Concatenates tsvectors in order, each after the previous one's last position.
CREATE OR REPLACE AGGREGATE public.search_concat(tsvector) (
  SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = ''
);--> statement-breakpoint

-- A document from its fields: the name or title as weight A between the markers '^' (position
-- 1) and '$' (right after it), so a query can ask whether the title starts with, or is exactly,
-- the searched words (markers are not words: no search term produces them); then the SKUs (B),
-- the category names (C) and the description without markup (D), a spacer of 1,000 positions
-- before each, so no phrase or proximity ever spans two fields. The spacers ('~') are deleted
-- at the end. tsvector keeps at most 256 positions of a word and none past 16,383.
CREATE OR REPLACE FUNCTION public.search_compose(
  name text, skus text, categories tsvector, description text
) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  SELECT ts_delete('''^'':1A'::tsvector || setweight(public.search_text_vector(name), 'A')
    || '''$'':1A'::tsvector || '''~'':1000'::tsvector
    || setweight(public.search_text_vector(skus), 'B') || '''~'':1000'::tsvector
    || setweight(categories, 'C') || '''~'':1000'::tsvector
    || setweight(public.search_text_vector(public.search_plain_text(description)), 'D'),
    '~'::text)
  $$;--> statement-breakpoint

-- A category's document (the generated categories.search_vector): its name, and `extra` words
-- as SKUs. Replaces the letter-signature document of 0002; 0009 stopped products using it.
CREATE OR REPLACE FUNCTION public.search_document(main text, extra text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.search_compose(main, extra, ''::tsvector, '') $$;--> statement-breakpoint

-- The names of the shop's published categories among `ids` and of their published ancestors,
-- each once, in name order and ten positions apart (a draft category hides its name, and those
-- above it that only it reaches). Index lookups by id: the shop's other categories are not read.
CREATE OR REPLACE FUNCTION public.search_category_vector(shop uuid, ids uuid[]) RETURNS tsvector
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  SET plan_cache_mode = force_generic_plan
  AS $$
BEGIN
  RETURN (
    WITH RECURSIVE placed AS (
      SELECT c.id, c.parent_id, c.name FROM public.categories c
      WHERE c.id = ANY (ids) AND c.shop_id = shop AND c.status = 'published'
      UNION
      SELECT c.id, c.parent_id, c.name FROM public.categories c JOIN placed ON c.id = placed.parent_id
      WHERE c.shop_id = shop AND c.status = 'published'
    )
    SELECT public.search_concat(public.search_text_vector(p.name) || '''~'':10'::tsvector
      ORDER BY p.name, p.id)
    FROM (SELECT DISTINCT placed.id, placed.name FROM placed) p);
END
$$;--> statement-breakpoint

-- A product's document: its title, the SKUs of the product and of its variants, the names of
-- its published categories (linked, or primary) and of their published ancestors, and its
-- description without markup (search_compose). Both functions plan their lookups once per
-- session (generic plans): planning the recursive query each time cost more than running it.
CREATE OR REPLACE FUNCTION public.product_search_document(
  shop uuid, product uuid, title text, sku text, description text, primary_category uuid
) RETURNS tsvector
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  SET plan_cache_mode = force_generic_plan
  AS $$
DECLARE
  variant_skus text;
  linked uuid[];
BEGIN
  SELECT string_agg(v.sku, ' ' ORDER BY v.position, v.id) INTO variant_skus
  FROM public.product_variants v WHERE v.shop_id = shop AND v.product_id = product;
  SELECT array_agg(pc.category_id) INTO linked
  FROM public.product_categories pc WHERE pc.shop_id = shop AND pc.product_id = product;
  RETURN public.search_compose(title, concat_ws(' ', sku, variant_skus),
    public.search_category_vector(shop, array_append(linked, primary_category)), description);
END
$$;--> statement-breakpoint

-- The words a document adds to its shop's dictionary: text fields only (not SKUs), letters
-- only, four or more of them (shorter words never get corrections).
CREATE OR REPLACE FUNCTION public.search_dictionary_words(document tsvector) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  SELECT u.lexeme FROM unnest(ts_filter(document, '{a,c,d}')) u
  WHERE length(u.lexeme) >= 4 AND u.lexeme !~ '[^[:alpha:]]'
  $$;--> statement-breakpoint

-- Counts documents entering (+1) or leaving (-1) the published catalogue into search_words.
-- Rows are locked in (shop, word) order, so concurrent writers cannot deadlock on the
-- dictionary; a word no document holds any more is removed. Shops being deleted are skipped.
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
  IF s IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO public.search_words AS sw (shop_id, word, signature, documents)
  SELECT u.shop_id, u.word, public.search_signature(u.word), u.delta
  FROM unnest(s, w, d) WITH ORDINALITY AS u(shop_id, word, delta, n)
  ORDER BY u.n
  ON CONFLICT (shop_id, word) DO UPDATE SET documents = sw.documents + excluded.documents;
  DELETE FROM public.search_words sw
  USING unnest(s, w, d) AS u(shop_id, word, delta)
  WHERE u.delta < 0 AND sw.shop_id = u.shop_id AND sw.word = u.word AND sw.documents <= 0;
END
$$;--> statement-breakpoint

-- Existing rows: categories regenerate their document with the new search_document, products
-- get theirs (no trigger is there yet), and the dictionary is counted once.
UPDATE public.categories SET name = name;--> statement-breakpoint
UPDATE public.products SET search_vector = public.product_search_document(
  shop_id, id, title, sku, description, primary_category_id);--> statement-breakpoint
SELECT public.search_words_count(array_agg(d.shop_id), array_agg(d.search_vector), array_agg(1))
FROM (
  SELECT shop_id, search_vector FROM public.products WHERE status = 'published'
  UNION ALL SELECT shop_id, search_vector FROM public.categories WHERE status = 'published'
) d;--> statement-breakpoint

-- products: the document is built on insert (when no variant or link can point at the product
-- yet, so from the row and its primary category alone) and rebuilt when a field it reads
-- changes, or when it is set to null (a rebuild on demand).
CREATE OR REPLACE FUNCTION public.products_search_document() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.search_vector := public.search_compose(NEW.title, NEW.sku,
      public.search_category_vector(NEW.shop_id, ARRAY[NEW.primary_category_id]), NEW.description);
  ELSE
    NEW.search_vector := public.product_search_document(
      NEW.shop_id, NEW.id, NEW.title, NEW.sku, NEW.description, NEW.primary_category_id);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_document_insert BEFORE INSERT ON public.products
  FOR EACH ROW EXECUTE FUNCTION public.products_search_document();--> statement-breakpoint
CREATE TRIGGER products_search_document_update BEFORE UPDATE ON public.products
  FOR EACH ROW
  WHEN (NEW.search_vector IS NULL OR OLD.title IS DISTINCT FROM NEW.title
    OR OLD.sku IS DISTINCT FROM NEW.sku OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.primary_category_id IS DISTINCT FROM NEW.primary_category_id
    OR OLD.shop_id IS DISTINCT FROM NEW.shop_id)
  EXECUTE FUNCTION public.products_search_document();--> statement-breakpoint

-- The dictionary follows the published documents of a table with a search_vector (products,
-- categories): one function for the three statement-level triggers, each with its transition
-- tables. An update counts only rows whose document or publication changed, so the stock
-- updates of orders cost a join of two one-row tables.
CREATE OR REPLACE FUNCTION public.search_words_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.search_words_count(array_agg(n.shop_id), array_agg(n.search_vector), array_agg(1))
    FROM new_rows n WHERE n.status = 'published';
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.search_words_count(array_agg(o.shop_id), array_agg(o.search_vector), array_agg(-1))
    FROM old_rows o WHERE o.status = 'published';
  ELSE
    PERFORM public.search_words_count(array_agg(c.shop_id), array_agg(c.search_vector), array_agg(c.sign))
    FROM (
      SELECT o.shop_id, o.search_vector, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.status = 'published' AND (n.status <> 'published' OR n.shop_id <> o.shop_id
        OR n.search_vector IS DISTINCT FROM o.search_vector)
      UNION ALL
      SELECT n.shop_id, n.search_vector, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.status = 'published' AND (o.status <> 'published' OR n.shop_id <> o.shop_id
        OR n.search_vector IS DISTINCT FROM o.search_vector)
    ) c;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON public.products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.search_words_follow();--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON public.products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.search_words_follow();--> statement-breakpoint
CREATE TRIGGER products_search_words_delete AFTER DELETE ON public.products
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.search_words_follow();--> statement-breakpoint
CREATE TRIGGER categories_search_words_insert AFTER INSERT ON public.categories
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.search_words_follow();--> statement-breakpoint
CREATE TRIGGER categories_search_words_update AFTER UPDATE ON public.categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.search_words_follow();--> statement-breakpoint
CREATE TRIGGER categories_search_words_delete AFTER DELETE ON public.categories
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.search_words_follow();--> statement-breakpoint

-- Rebuilds the documents of the given products, writing only those that changed (a bulk link
-- of products to categories they already name then costs no row versions).
CREATE OR REPLACE FUNCTION public.products_search_refresh(shops uuid[], products uuid[])
  RETURNS void
  LANGUAGE sql VOLATILE
  AS $$
  UPDATE public.products p SET search_vector = d.document
  FROM (
    SELECT t.id, public.product_search_document(
      t.shop_id, t.id, t.title, t.sku, t.description, t.primary_category_id) AS document
    FROM (SELECT DISTINCT u.shop_id, u.product_id FROM unnest(shops, products) AS u(shop_id, product_id)) a
    JOIN public.products t ON t.shop_id = a.shop_id AND t.id = a.product_id
    OFFSET 0 -- builds each document once, not once per reference to it
  ) d
  WHERE p.id = d.id AND p.search_vector IS DISTINCT FROM d.document
  $$;--> statement-breakpoint

-- Variants: their SKUs are in their product's document.
CREATE OR REPLACE FUNCTION public.product_variants_search() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.products_search_refresh(array_agg(n.shop_id), array_agg(n.product_id))
    FROM new_rows n WHERE n.sku <> '';
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.products_search_refresh(array_agg(o.shop_id), array_agg(o.product_id))
    FROM old_rows o WHERE o.sku <> '';
  ELSE
    PERFORM public.products_search_refresh(array_agg(c.shop_id), array_agg(c.product_id))
    FROM (
      SELECT o.shop_id, o.product_id, n.shop_id AS new_shop_id, n.product_id AS new_product_id
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.sku IS DISTINCT FROM o.sku OR n.product_id <> o.product_id
    ) m
    CROSS JOIN LATERAL (VALUES (m.shop_id, m.product_id), (m.new_shop_id, m.new_product_id))
      AS c(shop_id, product_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_variants_search_insert AFTER INSERT ON public.product_variants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_variants_search();--> statement-breakpoint
CREATE TRIGGER product_variants_search_update AFTER UPDATE ON public.product_variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_variants_search();--> statement-breakpoint
CREATE TRIGGER product_variants_search_delete AFTER DELETE ON public.product_variants
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_variants_search();--> statement-breakpoint

-- Links between products and categories: the category names are in the product's document.
-- A link to the product's primary category changes nothing (the document names it anyway), so
-- the usual bulk link of products to their primary category rebuilds nothing.
CREATE OR REPLACE FUNCTION public.product_links_refresh(shops uuid[], products uuid[], categories uuid[])
  RETURNS void
  LANGUAGE sql VOLATILE
  AS $$
  SELECT public.products_search_refresh(array_agg(l.shop_id), array_agg(l.product_id))
  FROM unnest(shops, products, categories) AS l(shop_id, product_id, category_id)
  WHERE NOT EXISTS (SELECT 1 FROM public.products p
    WHERE p.id = l.product_id AND p.primary_category_id = l.category_id)
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.product_categories_search() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.product_links_refresh(array_agg(n.shop_id), array_agg(n.product_id),
      array_agg(n.category_id)) FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.product_links_refresh(array_agg(o.shop_id), array_agg(o.product_id),
      array_agg(o.category_id)) FROM old_rows o;
  ELSE
    PERFORM public.product_links_refresh(array_agg(l.shop_id), array_agg(l.product_id),
      array_agg(l.category_id))
    FROM (
      SELECT o.shop_id, o.product_id, o.category_id FROM old_rows o
      UNION ALL SELECT n.shop_id, n.product_id, n.category_id FROM new_rows n
    ) l;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_categories_search_insert AFTER INSERT ON public.product_categories
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_categories_search();--> statement-breakpoint
CREATE TRIGGER product_categories_search_update AFTER UPDATE ON public.product_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_categories_search();--> statement-breakpoint
CREATE TRIGGER product_categories_search_delete AFTER DELETE ON public.product_categories
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_categories_search();--> statement-breakpoint

-- A category renamed, published, hidden or moved changes the documents of the products placed
-- in it or anywhere below it (ancestors' names are in a product's document). A deleted category
-- reaches them through its links (cascade) and the primary_category_id it clears.
CREATE OR REPLACE FUNCTION public.categories_search() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM public.products_search_refresh(array_agg(placed.shop_id), array_agg(placed.product_id))
  FROM (
  WITH RECURSIVE changed AS (
    SELECT n.shop_id, n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.name IS DISTINCT FROM o.name OR n.status IS DISTINCT FROM o.status
      OR n.parent_id IS DISTINCT FROM o.parent_id
  ),
  tree AS (
    SELECT changed.shop_id, changed.id FROM changed
    UNION
    SELECT c.shop_id, c.id FROM public.categories c JOIN tree t ON c.shop_id = t.shop_id AND c.parent_id = t.id
  ),
  placed AS (
    SELECT pc.shop_id, pc.product_id FROM public.product_categories pc
    JOIN tree t ON pc.shop_id = t.shop_id AND pc.category_id = t.id
    UNION
    SELECT p.shop_id, p.id FROM public.products p
    JOIN tree t ON p.shop_id = t.shop_id AND p.primary_category_id = t.id
  )
  SELECT * FROM placed
  ) placed;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_search_update AFTER UPDATE ON public.categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.categories_search();--> statement-breakpoint

-- What 0002 matched with: the title trigram index, the signature-based query and the words
-- function are replaced by the dictionary and drizzle/0012_search_queries.sql.
DROP INDEX IF EXISTS public.products_shop_title_trgm_idx;--> statement-breakpoint
DROP FUNCTION IF EXISTS public.search_query(text);--> statement-breakpoint
DROP FUNCTION IF EXISTS public.search_words(text);
