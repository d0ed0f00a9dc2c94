CREATE TABLE "best_seller_marks" (
	"shop_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "best_seller_marks_shop_id_product_id_pk" PRIMARY KEY("shop_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "shop_card_counts" ADD COLUMN "best_sellers" integer DEFAULT 0 NOT NULL;