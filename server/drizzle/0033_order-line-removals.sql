CREATE TABLE "order_line_removals" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"order_uid" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_uid" uuid NOT NULL,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"total_delta_cents" integer NOT NULL,
	"refund_uid" uuid,
	"actor_uid" uuid,
	"actor_role" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_line_removals_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "order_line_removals_quantity_check" CHECK ("order_line_removals"."quantity" > 0),
	CONSTRAINT "order_line_removals_delta_check" CHECK ("order_line_removals"."total_delta_cents" >= 0),
	CONSTRAINT "order_line_removals_source_check" CHECK ("order_line_removals"."source" IN ('staff', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "order_line_removals" ADD CONSTRAINT "order_line_removals_app_id_order_uid_orders_app_id_uid_fk" FOREIGN KEY ("app_id","order_uid") REFERENCES "public"."orders"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_line_removals_order_idx" ON "order_line_removals" USING btree ("app_id","order_uid");