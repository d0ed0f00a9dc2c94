CREATE TABLE "shop_card_counts" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"cards" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_card_counts" ADD CONSTRAINT "shop_card_counts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;