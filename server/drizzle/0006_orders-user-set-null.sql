-- Orders outlive their member: deleting the user nulls only orders.user_uid (the
-- column list needs PostgreSQL 15+; drizzle cannot declare it on a composite key).
ALTER TABLE "orders" ADD CONSTRAINT "orders_app_id_user_uid_users_fk" FOREIGN KEY ("app_id", "user_uid") REFERENCES "public"."users"("app_id", "uid") ON DELETE SET NULL ("user_uid") ON UPDATE NO ACTION;
