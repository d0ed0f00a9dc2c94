CREATE TABLE "product_sales" (
	"shop_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"product_created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_sales_shop_id_product_id_pk" PRIMARY KEY("shop_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "product_sales" ADD CONSTRAINT "product_sales_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sales" ADD CONSTRAINT "product_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_sales_shop_rank_idx" ON "product_sales" USING btree ("shop_id","units" DESC NULLS LAST,"product_created_at" DESC NULLS LAST,"product_id" DESC NULLS LAST) WHERE "product_sales"."units" > 0;