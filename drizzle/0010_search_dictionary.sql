CREATE TABLE "search_words" (
	"shop_id" uuid NOT NULL,
	"word" text NOT NULL,
	"signature" text NOT NULL,
	"documents" integer NOT NULL,
	CONSTRAINT "search_words_shop_id_word_pk" PRIMARY KEY("shop_id","word")
);
--> statement-breakpoint
DROP INDEX "categories_shop_search_idx";--> statement-breakpoint
DROP INDEX "products_shop_search_idx";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "search_vector" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_words_shop_trgm_idx" ON "search_words" USING gin ("shop_id","word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_words_shop_signature_idx" ON "search_words" USING btree ("shop_id","signature");--> statement-breakpoint
CREATE INDEX "categories_shop_search_idx" ON "categories" USING gin ("shop_id","search_vector") WITH (fastupdate=false) WHERE "categories"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_shop_search_idx" ON "products" USING gin ("shop_id","search_vector") WITH (fastupdate=false) WHERE "products"."status" = 'published';