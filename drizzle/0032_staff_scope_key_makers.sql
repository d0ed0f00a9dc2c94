ALTER TABLE "merchant_keys" ADD COLUMN "created_by_member_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "single_shop" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_keys" ADD CONSTRAINT "merchant_keys_created_by_member_id_staff_members_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_keys_created_by_idx" ON "merchant_keys" USING btree ("created_by_member_id");--> statement-breakpoint
-- Keys made from a session before this column existed: their maker is in the audit trail.
UPDATE "merchant_keys" k SET "created_by_member_id" = a."staff_member_id"
FROM "audit_events" a
JOIN "staff_members" m ON m."id" = a."staff_member_id"
WHERE a."shop_id" = k."shop_id" AND a."resource_type" = 'merchant_key' AND a."action" = 'create'
  AND a."resource_id" = k."id"::text AND m."shop_id" = k."shop_id";
