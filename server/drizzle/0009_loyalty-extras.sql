CREATE TABLE "poll_answers" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"response_uid" uuid NOT NULL,
	"question_uid" uuid NOT NULL,
	"option_uid" uuid,
	"text" text,
	CONSTRAINT "poll_answers_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "poll_answers_one_check" CHECK (("poll_answers"."option_uid" IS NULL) <> ("poll_answers"."text" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "poll_options" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"question_uid" uuid NOT NULL,
	"text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "poll_options_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE TABLE "poll_questions" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"poll_uid" uuid NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "poll_questions_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "poll_questions_kind_check" CHECK ("poll_questions"."kind" IN ('SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'TEXT'))
);
--> statement-breakpoint
CREATE TABLE "poll_responses" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"poll_uid" uuid NOT NULL,
	"user_uid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_responses_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"program_uid" uuid NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "polls_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE TABLE "program_ads" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"program_uid" uuid NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"image" text,
	"link" text,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "program_ads_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE TABLE "program_sections" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"program_uid" uuid NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"image" text,
	"link" text,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "program_sections_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE TABLE "raffle_members" (
	"app_id" uuid NOT NULL,
	"raffle_uid" uuid NOT NULL,
	"user_uid" uuid NOT NULL,
	"registered_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "raffle_members_app_id_raffle_uid_user_uid_pk" PRIMARY KEY("app_id","raffle_uid","user_uid")
);
--> statement-breakpoint
CREATE TABLE "raffles" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"program_uid" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"prize" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"draw_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "raffles_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "order_points_per_sol" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "poll_answers" ADD CONSTRAINT "poll_answers_app_id_response_uid_poll_responses_app_id_uid_fk" FOREIGN KEY ("app_id","response_uid") REFERENCES "public"."poll_responses"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_answers" ADD CONSTRAINT "poll_answers_app_id_question_uid_poll_questions_app_id_uid_fk" FOREIGN KEY ("app_id","question_uid") REFERENCES "public"."poll_questions"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_answers" ADD CONSTRAINT "poll_answers_app_id_option_uid_poll_options_app_id_uid_fk" FOREIGN KEY ("app_id","option_uid") REFERENCES "public"."poll_options"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_options" ADD CONSTRAINT "poll_options_app_id_question_uid_poll_questions_app_id_uid_fk" FOREIGN KEY ("app_id","question_uid") REFERENCES "public"."poll_questions"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_questions" ADD CONSTRAINT "poll_questions_app_id_poll_uid_polls_app_id_uid_fk" FOREIGN KEY ("app_id","poll_uid") REFERENCES "public"."polls"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_responses" ADD CONSTRAINT "poll_responses_app_id_poll_uid_polls_app_id_uid_fk" FOREIGN KEY ("app_id","poll_uid") REFERENCES "public"."polls"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_responses" ADD CONSTRAINT "poll_responses_app_id_user_uid_users_app_id_uid_fk" FOREIGN KEY ("app_id","user_uid") REFERENCES "public"."users"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_app_id_program_uid_programs_app_id_uid_fk" FOREIGN KEY ("app_id","program_uid") REFERENCES "public"."programs"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_ads" ADD CONSTRAINT "program_ads_app_id_program_uid_programs_app_id_uid_fk" FOREIGN KEY ("app_id","program_uid") REFERENCES "public"."programs"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_sections" ADD CONSTRAINT "program_sections_app_id_program_uid_programs_app_id_uid_fk" FOREIGN KEY ("app_id","program_uid") REFERENCES "public"."programs"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_members" ADD CONSTRAINT "raffle_members_app_id_raffle_uid_raffles_app_id_uid_fk" FOREIGN KEY ("app_id","raffle_uid") REFERENCES "public"."raffles"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_members" ADD CONSTRAINT "raffle_members_app_id_user_uid_users_app_id_uid_fk" FOREIGN KEY ("app_id","user_uid") REFERENCES "public"."users"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_app_id_program_uid_programs_app_id_uid_fk" FOREIGN KEY ("app_id","program_uid") REFERENCES "public"."programs"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "poll_answers_response_idx" ON "poll_answers" USING btree ("app_id","response_uid");--> statement-breakpoint
CREATE INDEX "poll_options_question_idx" ON "poll_options" USING btree ("app_id","question_uid","position");--> statement-breakpoint
CREATE INDEX "poll_questions_poll_idx" ON "poll_questions" USING btree ("app_id","poll_uid","position");--> statement-breakpoint
CREATE UNIQUE INDEX "poll_responses_poll_user_key" ON "poll_responses" USING btree ("app_id","poll_uid","user_uid");--> statement-breakpoint
CREATE INDEX "poll_responses_user_idx" ON "poll_responses" USING btree ("app_id","user_uid");--> statement-breakpoint
CREATE INDEX "polls_program_idx" ON "polls" USING btree ("app_id","program_uid","position");--> statement-breakpoint
CREATE INDEX "program_ads_program_idx" ON "program_ads" USING btree ("app_id","program_uid","position");--> statement-breakpoint
CREATE INDEX "program_sections_program_idx" ON "program_sections" USING btree ("app_id","program_uid","position");--> statement-breakpoint
CREATE INDEX "raffle_members_user_idx" ON "raffle_members" USING btree ("app_id","user_uid");--> statement-breakpoint
CREATE INDEX "raffles_program_idx" ON "raffles" USING btree ("app_id","program_uid","position");