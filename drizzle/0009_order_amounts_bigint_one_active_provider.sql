DROP INDEX "payment_providers_shop_provider_uq";--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ALTER COLUMN "amount_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "total_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "products_total_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_total_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "coupon_total_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "tax_total_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "cart_total_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "paid_total_minor" SET DATA TYPE bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_providers_shop_active_uq" ON "payment_providers" USING btree ("shop_id") WHERE "payment_providers"."active";--> statement-breakpoint
CREATE INDEX "payment_providers_shop_created_idx" ON "payment_providers" USING btree ("shop_id","created_at");