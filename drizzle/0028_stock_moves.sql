ALTER TABLE "product_variants" ADD COLUMN "stock_moves" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_moves" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every change of units on hand counts, whoever makes it (an order, a restock, an adjustment,
-- an edit): the merchant API's product version includes these counts, so a write made with
-- If-Match from a read taken before a sale is refused instead of overwriting the sale.
CREATE OR REPLACE FUNCTION public.stock_moves_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.stock_moves := OLD.stock_moves + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_stock_moves BEFORE UPDATE OF stock ON products
  FOR EACH ROW WHEN (OLD.stock IS DISTINCT FROM NEW.stock) EXECUTE FUNCTION public.stock_moves_count();--> statement-breakpoint
CREATE TRIGGER product_variants_stock_moves BEFORE UPDATE OF stock ON product_variants
  FOR EACH ROW WHEN (OLD.stock IS DISTINCT FROM NEW.stock) EXECUTE FUNCTION public.stock_moves_count();
