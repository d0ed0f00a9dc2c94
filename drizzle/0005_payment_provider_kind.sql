CREATE TYPE "public"."payment_provider_kind" AS ENUM('stripe');--> statement-breakpoint
ALTER TABLE "payment_providers" ALTER COLUMN "provider" SET DEFAULT 'stripe'::"public"."payment_provider_kind";--> statement-breakpoint
ALTER TABLE "payment_providers" ALTER COLUMN "provider" SET DATA TYPE "public"."payment_provider_kind" USING "provider"::"public"."payment_provider_kind";