CREATE TABLE "product_cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sort_title" text NOT NULL,
	"featured" boolean NOT NULL,
	"low_price" integer,
	"high_price" integer,
	"on_sale" boolean NOT NULL,
	"in_stock" boolean NOT NULL,
	"fresh_until" timestamp with time zone,
	"search_vector" "tsvector",
	"item" json NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_cards" ADD CONSTRAINT "product_cards_id_products_id_fk" FOREIGN KEY ("id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_cards" ADD CONSTRAINT "product_cards_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_cards_shop_created_idx" ON "product_cards" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE INDEX "product_cards_shop_title_idx" ON "product_cards" USING btree ("shop_id","sort_title","id");--> statement-breakpoint
CREATE INDEX "product_cards_shop_featured_idx" ON "product_cards" USING btree ("shop_id","created_at","id") WHERE "product_cards"."featured";--> statement-breakpoint
CREATE INDEX "product_cards_shop_search_idx" ON "product_cards" USING gin ("shop_id","search_vector") WITH (fastupdate=false);