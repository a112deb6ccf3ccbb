CREATE TABLE "place_product_counts" (
	"app_id" uuid NOT NULL,
	"place_uid" uuid NOT NULL,
	"category_uid" uuid,
	"is_redeemable" boolean NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "place_product_counts" ADD CONSTRAINT "place_product_counts_app_id_place_uid_places_app_id_uid_fk" FOREIGN KEY ("app_id","place_uid") REFERENCES "public"."places"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "place_product_counts_place_idx" ON "place_product_counts" USING btree ("app_id","place_uid","category_uid");--> statement-breakpoint
INSERT INTO "place_product_counts" ("app_id", "place_uid", "category_uid", "is_redeemable", "total") SELECT "app_id", "place_uid", "category_uid", "is_redeemable", count(*)::int FROM "place_products" WHERE "is_active" GROUP BY "app_id", "place_uid", "category_uid", "is_redeemable";
