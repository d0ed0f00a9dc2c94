-- category_cards (src/db/schema/product-cards.ts): for each published category, the cards of
-- the products in it or in a category under it through published categories only, which is
-- what the products `categories` filter lists. Kept by Postgres as product links, cards and
-- the category tree change, so a department's page and total are read from an index.
-- Decisions: docs/decisions/catalogue.md ("A category's cards are kept with its subtree").
--
-- One function decides a card's rows (category_cards_sync): from the product's links, each
-- published category and every published category above it, up to the first that is not
-- published. Writers of links and cards sync their products holding the shop's key
-- (category_cards_key) in share mode; a change to the tree (a category moved, published,
-- hidden or deleted) syncs every product under the category holding it exclusively. So a
-- product sync and a tree sync never read each other's uncommitted state: the second waits
-- for the first to commit, then reads afresh.

-- The advisory key of a shop's category_cards.
CREATE OR REPLACE FUNCTION public.category_cards_key(shop uuid) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT hashtextextended('category_cards:' || shop::text, 0) $$;--> statement-breakpoint

-- Makes the rows of `products` (ids of the shop's products; those without a card have none)
-- what their links and the category tree say. Nothing for a shop being deleted.
CREATE OR REPLACE FUNCTION public.category_cards_sync(shop uuid, product_ids uuid[])
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF product_ids IS NULL OR cardinality(product_ids) = 0
    OR NOT EXISTS (SELECT 1 FROM public.shops s WHERE s.id = shop) THEN
    RETURN;
  END IF;
  WITH RECURSIVE chain(card_id, category_id, created_at) AS (
    SELECT c.id, k.id, c.created_at
    FROM public.product_cards c
    JOIN public.product_categories pc ON pc.shop_id = shop AND pc.product_id = c.id
    JOIN public.categories k ON k.shop_id = shop AND k.id = pc.category_id AND k.status = 'published'
    WHERE c.shop_id = shop AND c.id = ANY (product_ids)
    UNION
    SELECT ch.card_id, up.id, ch.created_at
    FROM chain ch
    JOIN public.categories k ON k.shop_id = shop AND k.id = ch.category_id
    JOIN public.categories up ON up.shop_id = shop AND up.id = k.parent_id AND up.status = 'published'
  ), gone AS (
    DELETE FROM public.category_cards t
    WHERE t.shop_id = shop AND t.card_id = ANY (product_ids)
      AND NOT EXISTS (SELECT 1 FROM chain ch
        WHERE ch.card_id = t.card_id AND ch.category_id = t.category_id)
  )
  INSERT INTO public.category_cards AS t (shop_id, category_id, card_id, created_at)
  SELECT DISTINCT shop, ch.category_id, ch.card_id, ch.created_at FROM chain ch
  ORDER BY 3, 2
  ON CONFLICT (shop_id, card_id, category_id) DO UPDATE SET created_at = excluded.created_at
    WHERE t.created_at IS DISTINCT FROM excluded.created_at;
END
$$;--> statement-breakpoint

-- Links or cards changed: their products, shop by shop, holding each shop's key in share mode.
CREATE OR REPLACE FUNCTION public.category_cards_sync_rows(shops uuid[], product_ids uuid[])
  RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  shop uuid;
BEGIN
  FOR shop IN SELECT DISTINCT u.shop_id FROM unnest(shops) AS u(shop_id) ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock_shared(public.category_cards_key(shop));
    PERFORM public.category_cards_sync(shop, array(
      SELECT DISTINCT u.product_id FROM unnest(shops, product_ids) AS u(shop_id, product_id)
      WHERE u.shop_id = shop));
  END LOOP;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.product_categories_category_cards() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.category_cards_sync_rows(array_agg(n.shop_id), array_agg(n.product_id)) FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.category_cards_sync_rows(array_agg(o.shop_id), array_agg(o.product_id)) FROM old_rows o;
  ELSE
    PERFORM public.category_cards_sync_rows(array_agg(x.shop_id), array_agg(x.product_id))
    FROM (SELECT o.shop_id, o.product_id FROM old_rows o
      UNION SELECT n.shop_id, n.product_id FROM new_rows n) x;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.product_cards_category_cards() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.category_cards_sync_rows(array_agg(n.shop_id), array_agg(n.id)) FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.category_cards_sync_rows(array_agg(o.shop_id), array_agg(o.id)) FROM old_rows o;
  ELSE
    -- A card's placing day changed (row trigger, below).
    PERFORM public.category_cards_sync_rows(array[NEW.shop_id], array[NEW.id]);
    RETURN NEW;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- A category moved, published, hidden or deleted (its children are moved to the top by their
-- foreign key, which comes here for each of them): every product in it or under it, at any
-- depth and whatever the status on the way, holding the shop's key exclusively.
CREATE OR REPLACE FUNCTION public.categories_category_cards() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  changed public.categories;
BEGIN
  changed := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  IF NOT EXISTS (SELECT 1 FROM public.shops s WHERE s.id = changed.shop_id) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(public.category_cards_key(changed.shop_id));
  IF TG_OP = 'DELETE' THEN
    -- Its links went with it (their own trigger synced those products); its rows go too.
    DELETE FROM public.category_cards t
    WHERE t.shop_id = changed.shop_id AND t.category_id = changed.id;
    RETURN NULL;
  END IF;
  PERFORM public.category_cards_sync(changed.shop_id, array(
    WITH RECURSIVE under(id) AS (
      SELECT changed.id
      UNION
      SELECT k.id FROM public.categories k JOIN under u ON k.parent_id = u.id
      WHERE k.shop_id = changed.shop_id
    )
    SELECT DISTINCT pc.product_id FROM public.product_categories pc
    WHERE pc.shop_id = changed.shop_id AND pc.category_id IN (SELECT id FROM under)));
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER product_categories_category_cards_insert AFTER INSERT ON public.product_categories
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_categories_category_cards();--> statement-breakpoint
CREATE TRIGGER product_categories_category_cards_update AFTER UPDATE ON public.product_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_categories_category_cards();--> statement-breakpoint
CREATE TRIGGER product_categories_category_cards_delete AFTER DELETE ON public.product_categories
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_categories_category_cards();--> statement-breakpoint
CREATE TRIGGER product_cards_category_cards_insert AFTER INSERT ON public.product_cards
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_category_cards();--> statement-breakpoint
CREATE TRIGGER product_cards_category_cards_delete AFTER DELETE ON public.product_cards
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_category_cards();--> statement-breakpoint
CREATE TRIGGER product_cards_category_cards_created AFTER UPDATE ON public.product_cards
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION public.product_cards_category_cards();--> statement-breakpoint
CREATE TRIGGER categories_category_cards_update AFTER UPDATE ON public.categories
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION public.categories_category_cards();--> statement-breakpoint
CREATE TRIGGER categories_category_cards_delete AFTER DELETE ON public.categories
  FOR EACH ROW EXECUTE FUNCTION public.categories_category_cards();--> statement-breakpoint

-- The cards already there.
DO $$
DECLARE
  shop uuid;
BEGIN
  FOR shop IN SELECT s.id FROM public.shops s ORDER BY 1 LOOP
    PERFORM public.category_cards_sync(shop, array(
      SELECT c.id FROM public.product_cards c WHERE c.shop_id = shop));
  END LOOP;
END
$$;
