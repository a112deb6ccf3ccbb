ALTER TABLE "sessions" ADD COLUMN "stepped_up_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "step_up_code_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "step_up_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "step_up_code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "document_signin" boolean DEFAULT true NOT NULL;