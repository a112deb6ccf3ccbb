ALTER TABLE "redemptions" DROP CONSTRAINT "redemptions_status_check";--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "paid_cents" integer;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "payment_method_uid" uuid;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "payment_status" text;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "payment_detail" text;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "payment_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_app_id_payment_method_uid_payment_methods_app_id_uid_fk" FOREIGN KEY ("app_id","payment_method_uid") REFERENCES "public"."payment_methods"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_idempotency_key" ON "redemptions" USING btree ("app_id","user_uid","idempotency_key") WHERE "redemptions"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "redemptions_payment_pending_idx" ON "redemptions" USING btree ("payment_expires_at") WHERE "redemptions"."payment_status" = 'IN_PROCESS';--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_price_check" CHECK ("promotions"."price_cents" IS NULL OR "promotions"."price_cents" > 0);--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_payment_status_check" CHECK ("redemptions"."payment_status" IS NULL OR "redemptions"."payment_status" IN ('IN_PROCESS', 'PAID', 'REJECTED', 'REFUND_PENDING', 'REFUNDED'));--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_status_check" CHECK ("redemptions"."status" IN ('PENDING', 'ACTIVE', 'USED', 'CANCELLED'));