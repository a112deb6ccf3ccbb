CREATE TABLE "user_identities" (
	"app_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_uid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_identities_app_id_provider_subject_pk" PRIMARY KEY("app_id","provider","subject"),
	CONSTRAINT "user_identities_provider_check" CHECK ("user_identities"."provider" IN ('google', 'facebook', 'apple'))
);
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_method_check";--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_app_id_user_uid_users_app_id_uid_fk" FOREIGN KEY ("app_id","user_uid") REFERENCES "public"."users"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("app_id","user_uid");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_method_check" CHECK ("sessions"."method" IN ('password', 'google', 'facebook', 'apple', 'document', 'register'));