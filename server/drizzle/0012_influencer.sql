ALTER TABLE "users" ADD COLUMN "influencer_uid" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "influencer_uid" text;