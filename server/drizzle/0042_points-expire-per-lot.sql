ALTER TABLE "loyalty_ledger" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "loyalty_ledger_expiring_idx" ON "loyalty_ledger" USING btree ("expires_at") WHERE "loyalty_ledger"."expires_at" IS NOT NULL;--> statement-breakpoint
UPDATE "loyalty_ledger" AS l SET "expires_at" = l."created_at" + p."points_expire_after_days" * interval '1 day' FROM "programs" AS p WHERE p."app_id" = l."app_id" AND p."uid" = l."program_uid" AND l."kind" = 'earn' AND l."currency" = 'POINTS' AND p."points_expire_after_days" IS NOT NULL;
