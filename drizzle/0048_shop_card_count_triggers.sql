-- shop_card_counts (src/db/schema/product-cards.ts): how many cards each shop has, the total
-- of an unfiltered product list. Each card added or removed adds or takes away one as its
-- transaction commits (a deferred trigger), so the count is exact at every commit and the
-- shop's row is locked only while the transaction commits, after every other lock it took:
-- two transactions adding cards to one shop never wait on each other while they run. A card
-- added and removed in the same transaction adds and takes away one. The row of a shop
-- deleted meanwhile is not made again (it went with the shop).
-- Decisions: docs/decisions/catalogue.md ("The product list's total is kept per shop").
CREATE OR REPLACE FUNCTION public.shop_card_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public.shop_card_counts AS k (shop_id, cards)
      SELECT NEW.shop_id, 1 WHERE EXISTS (SELECT 1 FROM public.shops s WHERE s.id = NEW.shop_id)
      ON CONFLICT (shop_id) DO UPDATE SET cards = k.cards + 1;
  ELSE
    UPDATE public.shop_card_counts SET cards = cards - 1 WHERE shop_id = OLD.shop_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE CONSTRAINT TRIGGER product_cards_count_insert AFTER INSERT ON public.product_cards
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION public.shop_card_counts_follow();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_cards_count_delete AFTER DELETE ON public.product_cards
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION public.shop_card_counts_follow();--> statement-breakpoint

INSERT INTO public.shop_card_counts (shop_id, cards)
  SELECT c.shop_id, count(*)::integer FROM public.product_cards c GROUP BY c.shop_id
  ON CONFLICT (shop_id) DO UPDATE SET cards = excluded.cards;
