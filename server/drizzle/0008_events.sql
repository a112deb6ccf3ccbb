CREATE TABLE "events" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"place_uid" uuid,
	"location" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"start_time" text,
	"end_date" date,
	"end_time" text,
	"link" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "events_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_app_id_place_uid_places_app_id_uid_fk" FOREIGN KEY ("app_id","place_uid") REFERENCES "public"."places"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_company_start_idx" ON "events" USING btree ("app_id","company_uid","start_date","start_time");