CREATE TABLE "product_sales_daily" (
	"app_id" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"day" date NOT NULL,
	"place_uid" uuid NOT NULL,
	"product_uid" uuid NOT NULL,
	"outcome" text NOT NULL,
	"title" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_daily_app_id_company_uid_day_place_uid_product_uid_outcome_pk" PRIMARY KEY("app_id","company_uid","day","place_uid","product_uid","outcome"),
	CONSTRAINT "product_sales_daily_outcome_check" CHECK ("product_sales_daily"."outcome" IN ('sale', 'canceled', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "sales_daily" (
	"app_id" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"day" date NOT NULL,
	"place_uid" uuid NOT NULL,
	"hour" smallint NOT NULL,
	"payment_method_uid" uuid NOT NULL,
	"outcome" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_app_id_company_uid_day_place_uid_hour_payment_method_uid_outcome_pk" PRIMARY KEY("app_id","company_uid","day","place_uid","hour","payment_method_uid","outcome"),
	CONSTRAINT "sales_daily_outcome_check" CHECK ("sales_daily"."outcome" IN ('sale', 'canceled', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "staff_daily" (
	"app_id" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"day" date NOT NULL,
	"place_uid" uuid NOT NULL,
	"staff_user_uid" uuid NOT NULL,
	"kind" text NOT NULL,
	"actions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "staff_daily_app_id_company_uid_day_place_uid_staff_user_uid_kind_pk" PRIMARY KEY("app_id","company_uid","day","place_uid","staff_user_uid","kind")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"app_id" uuid NOT NULL,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"place_uid" uuid NOT NULL,
	"product_uid" uuid NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer,
	"reason" text NOT NULL,
	"order_uid" uuid,
	"actor_uid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" IN ('sale', 'cancellation', 'line_removal', 'released', 'redemption', 'manual', 'import', 'bulk'))
);
--> statement-breakpoint
ALTER TABLE "place_products" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("app_id","product_uid","created_at");--> statement-breakpoint
CREATE INDEX "place_products_low_stock_idx" ON "place_products" USING btree ("app_id","place_uid","product_uid") WHERE "place_products"."stock" IS NOT NULL AND ("place_products"."stock" <= 0 OR "place_products"."stock" <= "place_products"."low_stock_threshold");--> statement-breakpoint
ALTER TABLE "place_products" ADD CONSTRAINT "place_products_low_stock_threshold_check" CHECK ("place_products"."low_stock_threshold" IS NULL OR "place_products"."low_stock_threshold" >= 0);--> statement-breakpoint
-- Backfill (hand-added before the migration landed): the rollups of every order and counter action so far, as reports/rollup.ts keeps them from now on.
INSERT INTO "sales_daily" ("app_id", "company_uid", "day", "place_uid", "hour", "payment_method_uid", "outcome", "orders", "total_cents")
SELECT "app_id", "company_uid", ("created_at" AT TIME ZONE 'America/Lima')::date, "place_uid", extract(hour FROM "created_at" AT TIME ZONE 'America/Lima')::smallint, "payment_method_uid",
  CASE WHEN "status" IN ('CANCELED_BY_PLACE', 'CANCELED_BY_USER') THEN 'canceled' WHEN "payment_status" = 'REFUNDED' THEN 'refunded' ELSE 'sale' END,
  count(*), sum("total_cents")
FROM "orders" GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint
INSERT INTO "product_sales_daily" ("app_id", "company_uid", "day", "place_uid", "product_uid", "outcome", "title", "quantity", "total_cents")
SELECT o."app_id", o."company_uid", (o."created_at" AT TIME ZONE 'America/Lima')::date, o."place_uid", l."product_uid",
  CASE WHEN o."status" IN ('CANCELED_BY_PLACE', 'CANCELED_BY_USER') THEN 'canceled' WHEN o."payment_status" = 'REFUNDED' THEN 'refunded' ELSE 'sale' END,
  max(l."title"), sum(l."quantity"), sum(l."total_cents")
FROM "orders" o JOIN "order_lines" l ON l."app_id" = o."app_id" AND l."order_uid" = o."uid" GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
INSERT INTO "staff_daily" ("app_id", "company_uid", "day", "place_uid", "staff_user_uid", "kind", "actions")
SELECT "app_id", "company_uid", ("created_at" AT TIME ZONE 'America/Lima')::date, coalesce("place_uid", '00000000-0000-0000-0000-000000000000'::uuid), "staff_user_uid", "kind", count(*)
FROM "staff_activity" WHERE "staff_user_uid" IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6;
