-- Citus refuses ON DELETE SET NULL on a foreign key that holds the distribution column (app_id),
-- and 0006's orders -> users key is one. The account deletion already nulls orders.user_uid in its
-- transaction before deleting the user (anonymiseOrdersOf), so the key only has to check: a
-- plain key (NO ACTION) keeps the guarantee that no order points at a missing member.
ALTER TABLE "orders" DROP CONSTRAINT IF EXISTS "orders_app_id_user_uid_users_fk";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_app_id_user_uid_users_fk" FOREIGN KEY ("app_id", "user_uid") REFERENCES "public"."users"("app_id", "uid") ON DELETE NO ACTION ON UPDATE NO ACTION;
