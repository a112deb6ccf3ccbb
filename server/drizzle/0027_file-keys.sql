ALTER TABLE "company_ads" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "landing_sections" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "option_groups" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "options" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "poll_options" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "poll_questions" ADD COLUMN "key" text;