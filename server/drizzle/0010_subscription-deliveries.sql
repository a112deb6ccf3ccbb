CREATE TABLE "subscription_deliveries" (
	"app_id" uuid NOT NULL,
	"subscription_uid" uuid NOT NULL,
	"service_date" date NOT NULL,
	"status" text NOT NULL,
	"order_uid" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_deliveries_app_id_subscription_uid_service_date_pk" PRIMARY KEY("app_id","subscription_uid","service_date"),
	CONSTRAINT "subscription_deliveries_status_check" CHECK ("subscription_deliveries"."status" IN ('ordered', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "subscription_deliveries" ADD CONSTRAINT "subscription_deliveries_app_id_subscription_uid_subscriptions_app_id_uid_fk" FOREIGN KEY ("app_id","subscription_uid") REFERENCES "public"."subscriptions"("app_id","uid") ON DELETE cascade ON UPDATE no action;