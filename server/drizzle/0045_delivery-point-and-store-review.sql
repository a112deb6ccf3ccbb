ALTER TABLE "companies" ADD COLUMN "pending_profile" jsonb;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "bounds" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "location_flag" jsonb;