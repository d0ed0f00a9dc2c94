-- A write to variants or category links rebuilds each touched product's search document and
-- card once per statement (0011 and 0017 rebuilt the card twice: once from the variants or
-- links trigger, again from the products update the document refresh made), and a product's
-- document is planned once per statement instead of once per session (a session's cached plan,
-- made while product_variants held a hundred rows, scanned the whole table for every product
-- of a bulk insert: hours for 300,000 variants). Decisions: docs/decisions/catalogue.md.

-- A product's document, as in 0011, in SQL: Postgres plans it once per calling statement with
-- the tables' sizes of that moment.
CREATE OR REPLACE FUNCTION public.product_search_document(
  shop uuid, product uuid, title text, sku text, description text, primary_category uuid
) RETURNS tsvector
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
  SELECT public.search_compose(title,
    concat_ws(' ', sku, (SELECT string_agg(v.sku, ' ' ORDER BY v.position, v.id)
      FROM public.product_variants v WHERE v.shop_id = shop AND v.product_id = product)),
    public.search_category_vector(shop, array_append((SELECT array_agg(pc.category_id)
      FROM public.product_categories pc WHERE pc.shop_id = shop AND pc.product_id = product),
      primary_category)),
    description)
  $$;--> statement-breakpoint

-- The names of categories and their ancestors, as in 0011, each parent found through the
-- primary key (OFFSET 0 keeps the planner from hashing the shop's categories at every step:
-- its plan is made once per session, and for a shop of 2,000 categories it read them all for
-- each product a bulk insert placed).
CREATE OR REPLACE FUNCTION public.search_category_vector(shop uuid, ids uuid[]) RETURNS tsvector
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  SET plan_cache_mode = force_generic_plan
  AS $$
BEGIN
  RETURN (
    WITH RECURSIVE placed AS (
      SELECT c.id, c.parent_id, c.name FROM unnest(ids) AS i(id)
      CROSS JOIN LATERAL (SELECT c.id, c.parent_id, c.name FROM public.categories c
        WHERE c.id = i.id AND c.shop_id = shop AND c.status = 'published' OFFSET 0) c
      UNION
      SELECT c.id, c.parent_id, c.name FROM placed
      CROSS JOIN LATERAL (SELECT c.id, c.parent_id, c.name FROM public.categories c
        WHERE c.id = placed.parent_id AND c.shop_id = shop AND c.status = 'published' OFFSET 0) c
    )
    SELECT public.search_concat(public.search_text_vector(p.name) || '''~'':10'::tsvector
      ORDER BY p.name, p.id)
    FROM (SELECT DISTINCT placed.id, placed.name FROM placed) p);
END
$$;--> statement-breakpoint

-- The refreshes now return the products whose document they rewrote (the products trigger
-- has rebuilt those cards already).
DROP FUNCTION public.product_links_refresh(uuid[], uuid[], uuid[]);--> statement-breakpoint
DROP FUNCTION public.products_search_refresh(uuid[], uuid[]);--> statement-breakpoint
CREATE FUNCTION public.products_search_refresh(shops uuid[], products uuid[])
  RETURNS SETOF uuid
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
  RETURNING p.id
  $$;--> statement-breakpoint
CREATE FUNCTION public.product_links_refresh(shops uuid[], products uuid[], categories uuid[])
  RETURNS SETOF uuid
  LANGUAGE sql VOLATILE
  AS $$
  SELECT public.products_search_refresh(array_agg(l.shop_id), array_agg(l.product_id))
  FROM unnest(shops, products, categories) AS l(shop_id, product_id, category_id)
  WHERE NOT EXISTS (SELECT 1 FROM public.products p
    WHERE p.id = l.product_id AND p.primary_category_id = l.category_id)
  $$;--> statement-breakpoint

-- The cards of `touched` products, except those `rebuilt` (hashed, not searched per product).
CREATE OR REPLACE FUNCTION public.product_cards_refresh_except(touched uuid[], rebuilt uuid[])
  RETURNS void
  LANGUAGE sql VOLATILE
  AS $$
  SELECT public.product_cards_refresh(array_agg(DISTINCT t.id ORDER BY t.id))
  FROM unnest(touched) AS t(id)
  WHERE t.id IS NOT NULL AND t.id NOT IN (SELECT r.id FROM unnest(rebuilt) AS r(id) WHERE r.id IS NOT NULL)
  $$;--> statement-breakpoint

-- Variants: SKUs are in their product's document; everything else is on its card.
CREATE OR REPLACE FUNCTION public.product_variants_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  shops uuid[];
  products uuid[];
  touched uuid[];
  rebuilt uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.shop_id) FILTER (WHERE n.sku <> ''), array_agg(n.product_id) FILTER (WHERE n.sku <> ''),
      array_agg(n.product_id) INTO shops, products, touched FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.shop_id) FILTER (WHERE o.sku <> ''), array_agg(o.product_id) FILTER (WHERE o.sku <> ''),
      array_agg(o.product_id) INTO shops, products, touched FROM old_rows o;
  ELSE
    SELECT array_agg(c.shop_id), array_agg(c.product_id) INTO shops, products
    FROM (
      SELECT o.shop_id, o.product_id, n.shop_id AS new_shop_id, n.product_id AS new_product_id
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.sku IS DISTINCT FROM o.sku OR n.product_id <> o.product_id
    ) m
    CROSS JOIN LATERAL (VALUES (m.shop_id, m.product_id), (m.new_shop_id, m.new_product_id))
      AS c(shop_id, product_id);
    SELECT array_agg(x.product_id) INTO touched
    FROM (SELECT o.product_id FROM old_rows o UNION SELECT n.product_id FROM new_rows n) x;
  END IF;
  SELECT array_agg(r.id) INTO rebuilt FROM public.products_search_refresh(shops, products) AS r(id);
  PERFORM public.product_cards_refresh_except(touched, rebuilt);
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Category links: the category names are in the product's document and on its card.
CREATE OR REPLACE FUNCTION public.product_categories_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  shops uuid[];
  products uuid[];
  categories uuid[];
  rebuilt uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.shop_id), array_agg(n.product_id), array_agg(n.category_id)
    INTO shops, products, categories FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.shop_id), array_agg(o.product_id), array_agg(o.category_id)
    INTO shops, products, categories FROM old_rows o;
  ELSE
    SELECT array_agg(l.shop_id), array_agg(l.product_id), array_agg(l.category_id)
    INTO shops, products, categories
    FROM (
      SELECT o.shop_id, o.product_id, o.category_id FROM old_rows o
      UNION ALL SELECT n.shop_id, n.product_id, n.category_id FROM new_rows n
    ) l;
  END IF;
  SELECT array_agg(r.id) INTO rebuilt FROM public.product_links_refresh(shops, products, categories) AS r(id);
  PERFORM public.product_cards_refresh_except(products, rebuilt);
  RETURN NULL;
END
$$;--> statement-breakpoint

DROP TRIGGER product_variants_search_insert ON public.product_variants;--> statement-breakpoint
DROP TRIGGER product_variants_search_update ON public.product_variants;--> statement-breakpoint
DROP TRIGGER product_variants_search_delete ON public.product_variants;--> statement-breakpoint
DROP TRIGGER product_variants_cards_insert ON public.product_variants;--> statement-breakpoint
DROP TRIGGER product_variants_cards_update ON public.product_variants;--> statement-breakpoint
DROP TRIGGER product_variants_cards_delete ON public.product_variants;--> statement-breakpoint
DROP TRIGGER product_categories_search_insert ON public.product_categories;--> statement-breakpoint
DROP TRIGGER product_categories_search_update ON public.product_categories;--> statement-breakpoint
DROP TRIGGER product_categories_search_delete ON public.product_categories;--> statement-breakpoint
DROP TRIGGER product_categories_cards_insert ON public.product_categories;--> statement-breakpoint
DROP TRIGGER product_categories_cards_update ON public.product_categories;--> statement-breakpoint
DROP TRIGGER product_categories_cards_delete ON public.product_categories;--> statement-breakpoint
DROP FUNCTION public.product_variants_search();--> statement-breakpoint
DROP FUNCTION public.product_categories_search();--> statement-breakpoint

CREATE TRIGGER product_variants_follow_insert AFTER INSERT ON public.product_variants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_variants_follow();--> statement-breakpoint
CREATE TRIGGER product_variants_follow_update AFTER UPDATE ON public.product_variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_variants_follow();--> statement-breakpoint
CREATE TRIGGER product_variants_follow_delete AFTER DELETE ON public.product_variants
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_variants_follow();--> statement-breakpoint
CREATE TRIGGER product_categories_follow_insert AFTER INSERT ON public.product_categories
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_categories_follow();--> statement-breakpoint
CREATE TRIGGER product_categories_follow_update AFTER UPDATE ON public.product_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_categories_follow();--> statement-breakpoint
CREATE TRIGGER product_categories_follow_delete AFTER DELETE ON public.product_categories
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_categories_follow();
