CREATE TYPE "public"."import_status" AS ENUM('queued', 'running', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "imported_images" (
	"shop_id" uuid NOT NULL,
	"source_url" text NOT NULL,
	"media_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_images_shop_id_source_url_pk" PRIMARY KEY("shop_id","source_url")
);
--> statement-breakpoint
CREATE TABLE "product_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"key_id" uuid,
	"dry_run" boolean DEFAULT false NOT NULL,
	"status" "import_status" DEFAULT 'queued' NOT NULL,
	"object_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"headers" jsonb NOT NULL,
	"ignored" jsonb NOT NULL,
	"total_products" integer,
	"total_slices" integer,
	"slices_done" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"images_failed" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "imported_images" ADD CONSTRAINT "imported_images_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_images" ADD CONSTRAINT "imported_images_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_key_id_merchant_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."merchant_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_imports_shop_created_idx" ON "product_imports" USING btree ("shop_id","created_at");