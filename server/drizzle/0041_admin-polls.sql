ALTER TABLE "polls" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "poll_answers_question_idx" ON "poll_answers" USING btree ("app_id","question_uid","option_uid");--> statement-breakpoint
CREATE INDEX "poll_answers_option_idx" ON "poll_answers" USING btree ("app_id","option_uid");--> statement-breakpoint
CREATE INDEX "poll_responses_poll_idx" ON "poll_responses" USING btree ("app_id","poll_uid","created_at","uid");