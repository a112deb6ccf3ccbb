CREATE TABLE "link_tokens" (
	"app_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"user_uid" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "link_tokens_app_id_token_hash_pk" PRIMARY KEY("app_id","token_hash"),
	CONSTRAINT "link_tokens_purpose_check" CHECK ("link_tokens"."purpose" IN ('verify_email', 'reset_password', 'delete_account'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"app_id" uuid NOT NULL,
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_app_id_bucket_window_start_pk" PRIMARY KEY("app_id","bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"app_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"user_uid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_app_id_token_hash_pk" PRIMARY KEY("app_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"email" text,
	"email_verified_at" timestamp with time zone,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"birthdate" date,
	"gender" text,
	"document_type" text,
	"document_number" text,
	"mobile_number" text,
	"area_uid" uuid,
	"accepted_terms_at" timestamp with time zone,
	"accepts_publicity_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "users_gender_check" CHECK ("users"."gender" IN ('f', 'm')),
	CONSTRAINT "users_email_lower_check" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "link_tokens" ADD CONSTRAINT "link_tokens_app_id_user_uid_users_app_id_uid_fk" FOREIGN KEY ("app_id","user_uid") REFERENCES "public"."users"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_app_id_apps_uid_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD CONSTRAINT "rate_limits_app_id_apps_uid_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_app_id_user_uid_users_app_id_uid_fk" FOREIGN KEY ("app_id","user_uid") REFERENCES "public"."users"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_app_id_apps_uid_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_app_id_area_uid_areas_app_id_uid_fk" FOREIGN KEY ("app_id","area_uid") REFERENCES "public"."areas"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_tokens_user_idx" ON "link_tokens" USING btree ("app_id","user_uid","purpose");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("app_id","to");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("app_id","user_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_app_email_key" ON "users" USING btree ("app_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_app_document_key" ON "users" USING btree ("app_id","document_type","document_number");--> statement-breakpoint
CREATE UNIQUE INDEX "users_app_mobile_key" ON "users" USING btree ("app_id","mobile_number");