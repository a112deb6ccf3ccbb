DROP INDEX "orders_waiting_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "accept_by" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_accept_by_idx" ON "orders" USING btree ("accept_by") WHERE "orders"."status" = 'RECEIVED' AND "orders"."accept_by" IS NOT NULL;--> statement-breakpoint
-- Orders still waiting keep the rule they were placed under (wall-clock minutes from the order); the others are never read by the expiry run.
UPDATE "orders" SET "accept_by" = "orders"."created_at" + make_interval(mins => "apps"."order_acceptance_minutes") FROM "apps" WHERE "apps"."uid" = "orders"."app_id" AND "orders"."status" = 'RECEIVED' AND "apps"."order_acceptance_minutes" > 0;
