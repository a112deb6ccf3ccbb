CREATE TABLE "payment_refunds" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"order_uid" uuid NOT NULL,
	"payment_method_uid" uuid NOT NULL,
	"payment_reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_refund_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "payment_refunds_status_check" CHECK ("payment_refunds"."status" IN ('PENDING', 'DONE')),
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_detail" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "public_key" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "access_token" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "webhook_secret" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_app_id_order_uid_orders_app_id_uid_fk" FOREIGN KEY ("app_id","order_uid") REFERENCES "public"."orders"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_app_id_payment_method_uid_payment_methods_app_id_uid_fk" FOREIGN KEY ("app_id","payment_method_uid") REFERENCES "public"."payment_methods"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("app_id","order_uid");--> statement-breakpoint
CREATE INDEX "payment_refunds_pending_idx" ON "payment_refunds" USING btree ("updated_at") WHERE "payment_refunds"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "orders_payment_open_idx" ON "orders" USING btree ("payment_expires_at") WHERE "orders"."payment_status" = 'IN_PROCESS';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" IN ('PAY_ON_DELIVERY', 'PENDING', 'IN_PROCESS', 'PAID', 'REJECTED', 'REFUND_PENDING', 'REFUNDED'));