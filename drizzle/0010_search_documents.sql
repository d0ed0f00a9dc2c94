-- Search documents and the per-shop dictionary, kept current by Postgres itself.
-- A product's document (products.search_vector) is built from the product, its variants' SKUs
-- and its categories; a category's (categories.search_vector, generated) from its name. Triggers
-- on every table a document is built from rebuild it, and triggers on the documents count their
-- words into search_words, so no write path (storefront, merchant API, seed, SQL) can leave
-- search behind the catalogue. Matching and ranking: drizzle/0011_search_queries.sql and
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

-- Words with their positions and weights as a tsvector. Words are letters and digits only, so
-- they need no escaping; tsvector keeps at most 256 positions of a word.
CREATE OR REPLACE FUNCTION public.search_pack(words text[], positions integer[], weights text[])
  RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  SELECT coalesce(string_agg('''' || u.w || ''':' || u.p::text || u.g, ' ')::tsvector, ''::tsvector)
  FROM unnest(words, positions, weights) AS u(w, p, g)
  $$;--> statement-breakpoint

-- A name (a product title, a category name) as weight A from position 2, between the markers
-- '^' (position 1) and '$' (right after it): a query can then ask whether the name starts with,
-- or is exactly, the searched words. Markers are not words, so no search term produces them.
CREATE OR REPLACE FUNCTION public.search_name_field(value text)
  RETURNS TABLE (word text, pos integer, weight text)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  WITH t AS (SELECT * FROM public.search_tokens(value) LIMIT 400)
  SELECT '^', 1, 'A'
  UNION ALL SELECT t.word, 1 + t.pos, 'A' FROM t
  UNION ALL SELECT '$', 2 + coalesce(max(t.pos), 0), 'A' FROM t
  $$;--> statement-breakpoint

-- Any other field: its words with `weight` from position base + 1, held below `bound` (the next
-- field's base), so no phrase or proximity ever spans two fields.
CREATE OR REPLACE FUNCTION public.search_field(value text, weight text, base integer, bound integer)
  RETURNS TABLE (word text, pos integer, weight text)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  SELECT t.word, least(base + t.pos, bound), weight FROM public.search_tokens(value) t
  $$;--> statement-breakpoint

-- A category's document (the generated categories.search_vector): its name, and `extra` words
-- as weight B. Replaces the letter-signature document of 0002; 0009 stopped products using it.
CREATE OR REPLACE FUNCTION public.search_document(main text, extra text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  SELECT public.search_pack(array_agg(f.word), array_agg(f.pos), array_agg(f.weight))
  FROM (SELECT * FROM public.search_name_field(main)
    UNION ALL SELECT * FROM public.search_field(extra, 'B', 1000, 2999)) f
  $$;--> statement-breakpoint

-- A product's document: the title (A, with its markers), the SKUs of the product and of its
-- variants from 1001 (B), the names of its published categories (linked, or primary) and of
-- their published ancestors from 3001, ten positions apart (C), and the description without
-- markup from 5001 (D).
CREATE OR REPLACE FUNCTION public.product_search_document(
  shop uuid, product uuid, title text, sku text, description text, primary_category uuid
) RETURNS tsvector
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
  WITH RECURSIVE placed AS (
    SELECT c.id, c.parent_id, c.name FROM public.categories c
    WHERE c.shop_id = shop AND c.status = 'published'
      AND (c.id = primary_category OR c.id IN (
        SELECT pc.category_id FROM public.product_categories pc
        WHERE pc.shop_id = shop AND pc.product_id = product))
    UNION
    SELECT c.id, c.parent_id, c.name FROM public.categories c JOIN placed ON c.id = placed.parent_id
    WHERE c.shop_id = shop AND c.status = 'published'
  ),
  names AS (
    SELECT p.name, (row_number() OVER (ORDER BY p.name, p.id))::integer AS n
    FROM (SELECT DISTINCT ON (placed.id) placed.id, placed.name FROM placed) p
  ),
  skus AS (
    SELECT concat_ws(' ', product_search_document.sku, string_agg(v.sku, ' ' ORDER BY v.position, v.id)) AS text
    FROM public.product_variants v WHERE v.shop_id = shop AND v.product_id = product
  )
  SELECT public.search_pack(array_agg(f.word), array_agg(f.pos), array_agg(f.weight))
  FROM (
    SELECT * FROM public.search_name_field(product_search_document.title)
    UNION ALL SELECT * FROM public.search_field((SELECT skus.text FROM skus), 'B', 1000, 2999)
    UNION ALL SELECT c.* FROM names
      CROSS JOIN LATERAL public.search_field(names.name, 'C', 3000 + 10 * (names.n - 1), 4999) c
    UNION ALL SELECT * FROM public.search_field(public.search_plain_text(product_search_document.description), 'D', 5000, 16383)
  ) f
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

-- products: the document is built on insert and rebuilt when a field it reads changes, or when
-- a trigger below marks it stale by setting it to null.
CREATE OR REPLACE FUNCTION public.products_search_document() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.search_vector := public.product_search_document(
    NEW.shop_id, NEW.id, NEW.title, NEW.sku, NEW.description, NEW.primary_category_id);
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

-- Marks the documents of the given products stale; their row trigger rebuilds them.
CREATE OR REPLACE FUNCTION public.products_search_refresh(shops uuid[], products uuid[])
  RETURNS void
  LANGUAGE sql VOLATILE
  AS $$
  UPDATE public.products p SET search_vector = NULL
  FROM (SELECT DISTINCT u.shop_id, u.product_id FROM unnest(shops, products) AS u(shop_id, product_id)) a
  WHERE p.shop_id = a.shop_id AND p.id = a.product_id
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
CREATE OR REPLACE FUNCTION public.product_categories_search() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.products_search_refresh(array_agg(n.shop_id), array_agg(n.product_id))
    FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.products_search_refresh(array_agg(o.shop_id), array_agg(o.product_id))
    FROM old_rows o;
  ELSE
    PERFORM public.products_search_refresh(array_agg(c.shop_id), array_agg(c.product_id))
    FROM (
      SELECT o.shop_id, o.product_id FROM old_rows o
      UNION ALL SELECT n.shop_id, n.product_id FROM new_rows n
    ) c;
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
-- function are replaced by the dictionary and drizzle/0011_search_queries.sql.
DROP INDEX IF EXISTS public.products_shop_title_trgm_idx;--> statement-breakpoint
DROP FUNCTION IF EXISTS public.search_query(text);--> statement-breakpoint
DROP FUNCTION IF EXISTS public.search_words(text);
