CREATE TABLE "order_status_daily" (
	"app_id" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"day" date NOT NULL,
	"place_uid" uuid NOT NULL,
	"status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_daily_app_id_company_uid_day_place_uid_status_pk" PRIMARY KEY("app_id","company_uid","day","place_uid","status")
);
--> statement-breakpoint
ALTER TABLE "sales_daily" ADD COLUMN "money_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The backfill, as reports/rollup.ts keeps them: an order counts on its creation day in store time.
UPDATE "sales_daily" s SET "money_orders" = x."money_orders"
FROM (
  SELECT "app_id", "company_uid", ("created_at" AT TIME ZONE 'America/Lima')::date AS "day", "place_uid",
    extract(hour FROM "created_at" AT TIME ZONE 'America/Lima')::smallint AS "hour", "payment_method_uid",
    CASE WHEN "status" IN ('CANCELED_BY_PLACE', 'CANCELED_BY_USER') THEN 'canceled' WHEN "payment_status" = 'REFUNDED' THEN 'refunded' ELSE 'sale' END AS "outcome",
    (count(*) FILTER (WHERE "coin_total" = 0))::int AS "money_orders"
  FROM "orders" GROUP BY 1, 2, 3, 4, 5, 6, 7
) x
WHERE s."app_id" = x."app_id" AND s."company_uid" = x."company_uid" AND s."day" = x."day"
  AND s."place_uid" = x."place_uid" AND s."hour" = x."hour"
  AND s."payment_method_uid" = x."payment_method_uid" AND s."outcome" = x."outcome";--> statement-breakpoint
INSERT INTO "order_status_daily" ("app_id", "company_uid", "day", "place_uid", "status", "orders")
SELECT "app_id", "company_uid", ("created_at" AT TIME ZONE 'America/Lima')::date, "place_uid", "status", count(*)
FROM "orders" GROUP BY 1, 2, 3, 4, 5;
