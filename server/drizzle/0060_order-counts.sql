CREATE TABLE "order_counts" (
	"app_id" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"place_uid" uuid NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_counts_app_id_company_uid_place_uid_status_payment_status_pk" PRIMARY KEY("app_id","company_uid","place_uid","status","payment_status")
);
--> statement-breakpoint
-- The backfill, as reports/rollup.ts keeps them: every order, PENDING ones included.
INSERT INTO "order_counts" ("app_id", "company_uid", "place_uid", "status", "payment_status", "orders")
SELECT "app_id", "company_uid", "place_uid", "status", "payment_status", count(*)
FROM "orders" GROUP BY 1, 2, 3, 4, 5;
