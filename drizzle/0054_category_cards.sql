CREATE TABLE "category_cards" (
	"shop_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "category_cards_shop_id_card_id_category_id_pk" PRIMARY KEY("shop_id","card_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "category_cards" ADD CONSTRAINT "category_cards_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_cards_category_created_idx" ON "category_cards" USING btree ("shop_id","category_id","created_at","card_id");