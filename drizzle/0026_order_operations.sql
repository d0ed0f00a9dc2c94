CREATE TABLE "order_fulfillment_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"fulfillment_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_fulfillment_lines_quantity_positive" CHECK ("order_fulfillment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_fulfillments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"carrier" text DEFAULT '' NOT NULL,
	"tracking_number" text DEFAULT '' NOT NULL,
	"tracking_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"restock" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_non_negative" CHECK ("order_refunds"."amount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "restocked_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_fulfillment_lines" ADD CONSTRAINT "order_fulfillment_lines_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfillment_lines" ADD CONSTRAINT "order_fulfillment_lines_fulfillment_id_order_fulfillments_id_fk" FOREIGN KEY ("fulfillment_id") REFERENCES "public"."order_fulfillments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfillment_lines" ADD CONSTRAINT "order_fulfillment_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfillments" ADD CONSTRAINT "order_fulfillments_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfillments" ADD CONSTRAINT "order_fulfillments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_fulfillment_lines_shop_line_idx" ON "order_fulfillment_lines" USING btree ("shop_id","order_line_id");--> statement-breakpoint
CREATE INDEX "order_fulfillment_lines_shop_fulfillment_idx" ON "order_fulfillment_lines" USING btree ("shop_id","fulfillment_id");--> statement-breakpoint
CREATE INDEX "order_fulfillments_shop_order_idx" ON "order_fulfillments" USING btree ("shop_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_notes_shop_order_idx" ON "order_notes" USING btree ("shop_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_refunds_shop_order_idx" ON "order_refunds" USING btree ("shop_id","order_id","created_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION variant_label(p_shop_id uuid, p_key text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg(v.value, ' / ' ORDER BY o.position, o.id), '')
  FROM product_option_values v
  JOIN product_options o ON o.shop_id = v.shop_id AND o.id = v.option_id
  WHERE v.shop_id = p_shop_id AND p_key <> '' AND strpos(p_key, v.id::text) > 0
$$;
