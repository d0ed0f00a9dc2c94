ALTER TABLE "categories" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (public.search_document(name, '')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (public.search_document(title, sku)) STORED;--> statement-breakpoint
CREATE INDEX "categories_shop_search_idx" ON "categories" USING gin ("shop_id","search_vector") WHERE "categories"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_shop_published_created_idx" ON "products" USING btree ("shop_id","created_at","id") WHERE "products"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_shop_search_idx" ON "products" USING gin ("shop_id","search_vector") WHERE "products"."status" = 'published';