CREATE TABLE "product_sales_windows" (
	"shop_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"sales_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_windows_shop_id_product_id_pk" PRIMARY KEY("shop_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "sales_windows" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"window_end" date
);
--> statement-breakpoint
ALTER TABLE "product_sales_windows" ADD CONSTRAINT "product_sales_windows_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_windows" ADD CONSTRAINT "sales_windows_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_sales_windows_shop_sales_idx" ON "product_sales_windows" USING btree ("shop_id","sales_minor" DESC NULLS LAST,"product_id");