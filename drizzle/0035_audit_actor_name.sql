ALTER TABLE "audit_events" ADD COLUMN "actor_name" text;--> statement-breakpoint
UPDATE "audit_events" a SET "actor_name" = nullif(p."name", '')
  FROM "staff_members" m JOIN "staff_people" p ON p."id" = m."person_id"
  WHERE a."staff_member_id" = m."id" AND a."shop_id" = m."shop_id" AND a."actor_name" IS NULL;--> statement-breakpoint
UPDATE "audit_events" a SET "actor_name" = k."name"
  FROM "merchant_keys" k
  WHERE a."key_id" = k."id" AND a."actor_name" IS NULL;
