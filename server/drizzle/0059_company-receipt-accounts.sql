CREATE TABLE "company_receipt_accounts" (
	"app_id" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"nubefact_url" text,
	"nubefact_token" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_receipt_accounts_app_id_company_uid_pk" PRIMARY KEY("app_id","company_uid"),
	CONSTRAINT "company_receipt_accounts_pair_check" CHECK (("company_receipt_accounts"."nubefact_url" IS NULL) = ("company_receipt_accounts"."nubefact_token" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "company_receipt_accounts" ADD CONSTRAINT "company_receipt_accounts_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;