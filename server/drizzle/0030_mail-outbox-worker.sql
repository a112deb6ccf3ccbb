ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" IS NULL AND "mail_outbox"."failed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_failed_idx" ON "mail_outbox" USING btree ("app_id","failed_at") WHERE "mail_outbox"."failed_at" IS NOT NULL;--> statement-breakpoint
-- Before the worker, a row without an error was a mail printed to the log (no SMTP_URL) and a row with one had failed.
UPDATE "mail_outbox" SET "sent_at" = "created_at" WHERE "sent_at" IS NULL AND "error" IS NULL;--> statement-breakpoint
UPDATE "mail_outbox" SET "failed_at" = "created_at" WHERE "sent_at" IS NULL AND "error" IS NOT NULL;