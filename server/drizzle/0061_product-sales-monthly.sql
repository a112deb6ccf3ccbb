CREATE TABLE "product_sales_monthly" (
	"app_id" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"month" date NOT NULL,
	"place_uid" uuid NOT NULL,
	"product_uid" uuid NOT NULL,
	"outcome" text NOT NULL,
	"title" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_monthly_app_id_company_uid_month_place_uid_product_uid_outcome_pk" PRIMARY KEY("app_id","company_uid","month","place_uid","product_uid","outcome"),
	CONSTRAINT "product_sales_monthly_outcome_check" CHECK ("product_sales_monthly"."outcome" IN ('sale', 'canceled', 'refunded'))
);
--> statement-breakpoint
-- Custom SQL (product_sales_monthly): the backfill, each month the sum of its days in the daily
-- rollup, as modules/reports/rollup.ts keeps both in the same statements from now on.
INSERT INTO "product_sales_monthly" ("app_id", "company_uid", "month", "place_uid", "product_uid", "outcome", "title", "quantity", "total_cents")
SELECT "app_id", "company_uid", date_trunc('month', "day"::timestamp)::date, "place_uid", "product_uid", "outcome",
  max("title"), sum("quantity")::int, sum("total_cents")::bigint
FROM "product_sales_daily" GROUP BY 1, 2, 3, 4, 5, 6;
