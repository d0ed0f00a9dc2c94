ALTER TABLE "products" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vendor" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "currency" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Imports made before the column: their shop's currency, which they were read in.
UPDATE "product_imports" i SET "currency" = s."currency" FROM "shops" s WHERE s."id" = i."shop_id";
