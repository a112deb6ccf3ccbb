CREATE TABLE "unsettled_charges" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"payment_method_uid" uuid NOT NULL,
	"reference" uuid NOT NULL,
	"purpose" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"provider_payment_id" text,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unsettled_charges_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "unsettled_charges_reason_check" CHECK ("unsettled_charges"."reason" IN ('OUTCOME_UNKNOWN', 'UNDO_REFUND_FAILED', 'UNDONE_WHILE_PENDING')),
	CONSTRAINT "unsettled_charges_status_check" CHECK ("unsettled_charges"."status" IN ('OPEN', 'REFUNDED', 'NOT_CHARGED')),
	CONSTRAINT "unsettled_charges_purpose_check" CHECK ("unsettled_charges"."purpose" IN ('ORDER', 'PROMOTION')),
	CONSTRAINT "unsettled_charges_amount_check" CHECK ("unsettled_charges"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "unsettled_charges" ADD CONSTRAINT "unsettled_charges_app_id_payment_method_uid_payment_methods_app_id_uid_fk" FOREIGN KEY ("app_id","payment_method_uid") REFERENCES "public"."payment_methods"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unsettled_charges_reference_key" ON "unsettled_charges" USING btree ("app_id","reference");--> statement-breakpoint
CREATE INDEX "unsettled_charges_open_idx" ON "unsettled_charges" USING btree ("updated_at") WHERE "unsettled_charges"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "unsettled_charges_method_idx" ON "unsettled_charges" USING btree ("app_id","payment_method_uid","created_at");