CREATE TABLE "order_counters" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"last_number" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counter_codes" (
	"app_id" uuid NOT NULL,
	"user_uid" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_codes_app_id_user_uid_pk" PRIMARY KEY("app_id","user_uid")
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"company_uid" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"place_uids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"invited_by_uid" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_uid" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "staff_invitations_role_check" CHECK ("staff_invitations"."role" IN ('OWNER', 'STAFF', 'VALIDATOR')),
	CONSTRAINT "staff_invitations_email_lower_check" CHECK ("staff_invitations"."email" = lower("staff_invitations"."email"))
);
--> statement-breakpoint
DROP INDEX "orders_number_key";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "max_unpaid_orders" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "order_acceptance_minutes" integer DEFAULT 240 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "method" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_counters" ADD CONSTRAINT "order_counters_app_id_apps_uid_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_codes" ADD CONSTRAINT "counter_codes_app_id_user_uid_users_app_id_uid_fk" FOREIGN KEY ("app_id","user_uid") REFERENCES "public"."users"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_token_key" ON "staff_invitations" USING btree ("app_id","token_hash");--> statement-breakpoint
CREATE INDEX "staff_invitations_company_idx" ON "staff_invitations" USING btree ("app_id","company_uid","created_at");--> statement-breakpoint
-- Order numbers become per tenant: renumber what exists 1..n per app in the old order, and start each counter there.
UPDATE "orders" SET "number" = "renumbered"."n" FROM (SELECT "app_id", "uid", row_number() OVER (PARTITION BY "app_id" ORDER BY "number") AS "n" FROM "orders") AS "renumbered" WHERE "orders"."app_id" = "renumbered"."app_id" AND "orders"."uid" = "renumbered"."uid";--> statement-breakpoint
INSERT INTO "order_counters" ("app_id", "last_number") SELECT "apps"."uid", COALESCE((SELECT max("orders"."number") FROM "orders" WHERE "orders"."app_id" = "apps"."uid"), 0) FROM "apps";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_app_number_key" ON "orders" USING btree ("app_id","number");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_method_check" CHECK ("sessions"."method" IN ('password', 'google', 'document', 'register'));