CREATE TABLE "client_errors" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"component_stack" text,
	"page_path" text NOT NULL,
	"build_id" text NOT NULL,
	"user_agent" text,
	"user_uid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_errors_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "client_errors_kind_check" CHECK ("client_errors"."kind" IN ('error', 'unhandledrejection', 'render'))
);
--> statement-breakpoint
ALTER TABLE "client_errors" ADD CONSTRAINT "client_errors_app_id_apps_uid_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_errors_created_idx" ON "client_errors" USING btree ("app_id","created_at");