ALTER TABLE "products" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "categories_from" text DEFAULT 'type' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "mapping" jsonb;