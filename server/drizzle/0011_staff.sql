CREATE TABLE "staff_activity" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"place_uid" uuid,
	"program_uid" uuid NOT NULL,
	"staff_user_uid" uuid,
	"client_user_uid" uuid,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount_cents" integer,
	"quantity" integer,
	"status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_activity_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "staff_activity_kind_check" CHECK ("staff_activity"."kind" IN ('redemptions', 'stamps', 'points'))
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"app_id" uuid NOT NULL,
	"user_uid" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"role" text NOT NULL,
	"place_uids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text DEFAULT 'owner' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_members_app_id_user_uid_pk" PRIMARY KEY("app_id","user_uid"),
	CONSTRAINT "staff_members_role_check" CHECK ("staff_members"."role" IN ('OWNER', 'STAFF', 'VALIDATOR')),
	CONSTRAINT "staff_members_source_check" CHECK ("staff_members"."source" IN ('file', 'owner'))
);
--> statement-breakpoint
ALTER TABLE "staff_activity" ADD CONSTRAINT "staff_activity_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_activity" ADD CONSTRAINT "staff_activity_app_id_place_uid_places_app_id_uid_fk" FOREIGN KEY ("app_id","place_uid") REFERENCES "public"."places"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_app_id_user_uid_users_app_id_uid_fk" FOREIGN KEY ("app_id","user_uid") REFERENCES "public"."users"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_activity_company_idx" ON "staff_activity" USING btree ("app_id","company_uid","created_at");--> statement-breakpoint
CREATE INDEX "staff_members_company_idx" ON "staff_members" USING btree ("app_id","company_uid");--> statement-breakpoint
CREATE INDEX "orders_company_idx" ON "orders" USING btree ("app_id","company_uid","created_at");