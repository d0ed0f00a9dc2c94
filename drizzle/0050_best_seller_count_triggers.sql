-- shop_card_counts.best_sellers (src/db/schema/product-cards.ts): how many of a shop's products
-- best sellers list (units sold, product_sales.units > 0, and an in-stock card), the total of
-- GET /products/best-sellers, so that answer does not count the shop's sold products per read.
-- best_seller_marks (src/db/schema/product-sales.ts) holds each product's share.
--
-- Whether a product counts depends on two tables that different transactions write: an order
-- moves its units, a restock, a sell-out or an unpublish moves its card. Each such transaction
-- takes the product's mark (a write of the row, made when missing) from the change to its
-- COMMIT, and at COMMIT a deferred trigger settles the mark: one UPDATE sets `listed` from the
-- units and the card its statement sees, and when `listed` changed, adds or takes away one on
-- the shop's row. Two transactions touching one product therefore settle it one after the
-- other, the second seeing the first's commit, so the number is exact at every commit. The
-- shop's row is the last lock each takes, as for shop_card_counts.cards (0048). Marks have no
-- foreign keys, so taking or settling one locks neither the product nor the shop.
-- Decisions: docs/decisions/catalogue.md ("Best sellers' total is kept per shop").

INSERT INTO public.best_seller_marks (shop_id, product_id, listed)
SELECT s.shop_id, s.product_id, s.units > 0 AND EXISTS (
  SELECT 1 FROM public.product_cards c
  WHERE c.id = s.product_id AND c.shop_id = s.shop_id AND c.in_stock)
FROM public.product_sales s;--> statement-breakpoint

INSERT INTO public.shop_card_counts (shop_id, best_sellers)
  SELECT m.shop_id, count(*)::integer FROM public.best_seller_marks m WHERE m.listed
  GROUP BY m.shop_id
  ON CONFLICT (shop_id) DO UPDATE SET best_sellers = excluded.best_sellers;--> statement-breakpoint

-- Takes the marks of (shop, product) pairs until COMMIT, in product order (as
-- product_sales_add writes sales rows), making the missing ones when `make` is set.
CREATE OR REPLACE FUNCTION public.best_seller_marks_take(take_shops uuid[], take_products uuid[], make boolean)
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.best_seller_marks AS m (shop_id, product_id)
  SELECT DISTINCT t.shop_id, t.product_id
  FROM unnest(take_shops, take_products) AS t(shop_id, product_id)
  WHERE make OR EXISTS (
    SELECT 1 FROM public.best_seller_marks e WHERE e.shop_id = t.shop_id AND e.product_id = t.product_id)
  ORDER BY t.shop_id, t.product_id
  ON CONFLICT (shop_id, product_id) DO UPDATE SET taken_at = now()
$$;--> statement-breakpoint

-- At COMMIT, once per mark taken: `listed` from the units and the card, the shop's number moved
-- by one when it changed; the mark of a product that is gone goes too.
CREATE OR REPLACE FUNCTION public.best_seller_marks_settle() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  now_listed boolean;
BEGIN
  UPDATE public.best_seller_marks m SET listed = NOT m.listed
  WHERE m.shop_id = NEW.shop_id AND m.product_id = NEW.product_id
    AND m.listed IS DISTINCT FROM EXISTS (
      SELECT 1 FROM public.product_sales s
      JOIN public.product_cards c ON c.id = s.product_id AND c.shop_id = s.shop_id
      WHERE s.shop_id = m.shop_id AND s.product_id = m.product_id AND s.units > 0 AND c.in_stock)
  RETURNING m.listed INTO now_listed;
  IF FOUND THEN
    INSERT INTO public.shop_card_counts AS k (shop_id, best_sellers)
      SELECT NEW.shop_id, CASE WHEN now_listed THEN 1 ELSE -1 END
      WHERE EXISTS (SELECT 1 FROM public.shops sh WHERE sh.id = NEW.shop_id)
      ON CONFLICT (shop_id) DO UPDATE SET best_sellers = k.best_sellers + excluded.best_sellers;
  END IF;
  DELETE FROM public.best_seller_marks m
  WHERE m.shop_id = NEW.shop_id AND m.product_id = NEW.product_id AND NOT m.listed
    AND NOT EXISTS (SELECT 1 FROM public.products p WHERE p.id = m.product_id);
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE CONSTRAINT TRIGGER best_seller_marks_settle AFTER INSERT OR UPDATE OF taken_at
  ON public.best_seller_marks DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION public.best_seller_marks_settle();--> statement-breakpoint

-- Sales rows written (an order placed, cancelled, refunded or reinstated; lines edited): take
-- their products' marks, making them on a first sale.
CREATE OR REPLACE FUNCTION public.product_sales_take_marks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.best_seller_marks_take(array_agg(n.shop_id), array_agg(n.product_id), true)
  FROM new_rows n;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER product_sales_marks_insert AFTER INSERT ON public.product_sales
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_sales_take_marks();--> statement-breakpoint
CREATE TRIGGER product_sales_marks_update AFTER UPDATE ON public.product_sales
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_sales_take_marks();--> statement-breakpoint

-- Cards added, removed, or going in or out of stock: take their products' marks.
-- - A card removed or changed: the mark is made when missing, so an order making the
--   product's first sale beside this transaction waits for it, or it for the order.
-- - A card added: only a mark that exists is taken. A product never sold cannot be sold before
--   the card's transaction commits, as an order buys only what its statement reads published.
CREATE OR REPLACE FUNCTION public.product_cards_take_marks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.best_seller_marks_take(array_agg(n.shop_id), array_agg(n.id), false)
    FROM new_rows n;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.best_seller_marks_take(array_agg(o.shop_id), array_agg(o.id), true)
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.in_stock IS DISTINCT FROM o.in_stock;
  ELSE
    PERFORM public.best_seller_marks_take(array_agg(o.shop_id), array_agg(o.id), true)
    FROM old_rows o;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER product_cards_marks_insert AFTER INSERT ON public.product_cards
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_take_marks();--> statement-breakpoint
CREATE TRIGGER product_cards_marks_update AFTER UPDATE ON public.product_cards
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_take_marks();--> statement-breakpoint
CREATE TRIGGER product_cards_marks_delete AFTER DELETE ON public.product_cards
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_take_marks();
