ALTER TABLE "place_products" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
UPDATE "place_products" SET "search_vector" = "products"."search_vector" FROM "products" WHERE "products"."app_id" = "place_products"."app_id" AND "products"."uid" = "place_products"."product_uid";--> statement-breakpoint
CREATE INDEX "place_products_search_idx" ON "place_products" USING gin ("search_vector");
