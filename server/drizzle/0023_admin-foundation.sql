CREATE TABLE "audit_log" (
	"app_id" uuid NOT NULL,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_uid" uuid NOT NULL,
	"actor_uid" uuid,
	"actor_role" text NOT NULL,
	"entity" text NOT NULL,
	"entity_uid" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
ALTER TABLE "staff_invitations" DROP CONSTRAINT "staff_invitations_role_check";--> statement-breakpoint
ALTER TABLE "staff_members" DROP CONSTRAINT "staff_members_role_check";--> statement-breakpoint
ALTER TABLE "product_categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("app_id","company_uid","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("app_id","entity","entity_uid","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_program_time_idx" ON "loyalty_ledger" USING btree ("app_id","program_uid","created_at");--> statement-breakpoint
CREATE INDEX "program_members_joined_idx" ON "program_members" USING btree ("app_id","program_uid","joined_at");--> statement-breakpoint
CREATE INDEX "redemptions_program_time_idx" ON "redemptions" USING btree ("app_id","program_uid","created_at");--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_role_check" CHECK ("staff_invitations"."role" IN ('OWNER', 'MANAGER', 'STAFF', 'VALIDATOR'));--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_role_check" CHECK ("staff_members"."role" IN ('OWNER', 'MANAGER', 'STAFF', 'VALIDATOR'));