CREATE TABLE "apps" (
	"uid" uuid PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"domain" text NOT NULL,
	"subdomain" text NOT NULL,
	"name" text NOT NULL,
	"api_key" text NOT NULL,
	"logo" text,
	"favicon" text,
	"main_company_uid" uuid,
	"landing_page" boolean DEFAULT false NOT NULL,
	"landing_page_type" text DEFAULT 'DEFAULT' NOT NULL,
	"empty_page" boolean DEFAULT false NOT NULL,
	"allow_anonymous_navigation" boolean DEFAULT true NOT NULL,
	"allow_signup" boolean DEFAULT true NOT NULL,
	"marketplace" boolean DEFAULT false NOT NULL,
	"multisite" boolean DEFAULT false NOT NULL,
	"signin_methods" jsonb NOT NULL,
	"countries" jsonb NOT NULL,
	"recaptcha_site_key" text,
	"external_link" text,
	"validate_document" boolean DEFAULT false NOT NULL,
	"validate_mobile_number" boolean DEFAULT false NOT NULL,
	"site" jsonb NOT NULL,
	"firebase_settings" jsonb,
	"site_firebase_settings" jsonb,
	"main_color" text NOT NULL,
	"menu_color" text NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"events_enabled" boolean DEFAULT false NOT NULL,
	"partner_deletion_prefix" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"key" text NOT NULL,
	"parent_uid" uuid,
	"name" text NOT NULL,
	"logo" text,
	"logo_rectangle" text,
	"cover" text,
	"banner" text,
	"description" text DEFAULT '' NOT NULL,
	"facebook_page" text,
	"instagram_page" text,
	"whatsapp_number" text,
	"ecommerce_enabled" boolean DEFAULT true NOT NULL,
	"subscription_enabled" boolean DEFAULT false NOT NULL,
	"benefit_programs_enabled" boolean DEFAULT false NOT NULL,
	"gamification_system" text,
	"delivery_service" text,
	"hidden_for_members" jsonb NOT NULL,
	"currency_code" text DEFAULT 'PEN' NOT NULL,
	"currency_symbol" text DEFAULT 'S/.' NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "companies_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE TABLE "company_ads" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"title" text NOT NULL,
	"image" text,
	"link" text,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "company_ads_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE TABLE "company_categories" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"color" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "company_categories_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE TABLE "company_category_members" (
	"app_id" uuid NOT NULL,
	"category_uid" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	CONSTRAINT "company_category_members_app_id_category_uid_company_uid_pk" PRIMARY KEY("app_id","category_uid","company_uid")
);
--> statement-breakpoint
CREATE TABLE "landing_sections" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"type" text NOT NULL,
	"position" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"tittle" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"link" text,
	"buttons" jsonb NOT NULL,
	"cards" jsonb NOT NULL,
	"images" jsonb NOT NULL,
	CONSTRAINT "landing_sections_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE TABLE "tenant_imports" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"source_hash" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"country_code" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "areas_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE TABLE "places" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"key" text NOT NULL,
	"company_uid" uuid NOT NULL,
	"area_uid" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"locality_name" text DEFAULT '' NOT NULL,
	"telephone1" text,
	"telephone2" text,
	"latitude" double precision,
	"longitude" double precision,
	"uses_country_delivery_service" boolean DEFAULT false NOT NULL,
	"subscription_enabled" boolean DEFAULT false NOT NULL,
	"timetable" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "places_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_app_id_apps_uid_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_app_id_parent_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","parent_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_ads" ADD CONSTRAINT "company_ads_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_categories" ADD CONSTRAINT "company_categories_app_id_apps_uid_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_category_members" ADD CONSTRAINT "company_category_members_app_id_category_uid_company_categories_app_id_uid_fk" FOREIGN KEY ("app_id","category_uid") REFERENCES "public"."company_categories"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_category_members" ADD CONSTRAINT "company_category_members_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_sections" ADD CONSTRAINT "landing_sections_app_id_apps_uid_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_imports" ADD CONSTRAINT "tenant_imports_app_id_apps_uid_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_app_id_apps_uid_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_app_id_area_uid_areas_app_id_uid_fk" FOREIGN KEY ("app_id","area_uid") REFERENCES "public"."areas"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apps_domain_key" ON "apps" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_key_key" ON "apps" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_api_key_key" ON "apps" USING btree ("api_key");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_app_key_key" ON "companies" USING btree ("app_id","key");--> statement-breakpoint
CREATE INDEX "company_ads_company_idx" ON "company_ads" USING btree ("app_id","company_uid","position");--> statement-breakpoint
CREATE UNIQUE INDEX "company_categories_app_key_key" ON "company_categories" USING btree ("app_id","key");--> statement-breakpoint
CREATE INDEX "landing_sections_app_idx" ON "landing_sections" USING btree ("app_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "areas_app_key_key" ON "areas" USING btree ("app_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "places_app_key_key" ON "places" USING btree ("app_id","key");--> statement-breakpoint
CREATE INDEX "places_company_idx" ON "places" USING btree ("app_id","company_uid");