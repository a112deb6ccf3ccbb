ALTER TABLE "place_products" ADD COLUMN "category_uid" uuid;--> statement-breakpoint
ALTER TABLE "place_products" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "place_products" ADD COLUMN "is_redeemable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "place_products_listing_idx" ON "place_products" USING btree ("app_id","place_uid","is_active","position","product_uid");--> statement-breakpoint
CREATE INDEX "place_products_category_idx" ON "place_products" USING btree ("app_id","place_uid","category_uid","position","product_uid");--> statement-breakpoint
UPDATE "place_products" AS pp SET "category_uid" = p."category_uid", "is_active" = p."is_active", "is_redeemable" = p."is_redeemable" FROM "products" AS p WHERE p."app_id" = pp."app_id" AND p."uid" = pp."product_uid";
