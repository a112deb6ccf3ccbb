CREATE TABLE "electronic_receipts" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"order_uid" uuid NOT NULL,
	"place_uid" uuid NOT NULL,
	"kind" text NOT NULL,
	"serie" text NOT NULL,
	"numero" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"refers_to_uid" uuid,
	"refund_uid" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"error" text,
	"accepted_by_sunat" boolean,
	"pdf_url" text,
	"xml_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	CONSTRAINT "electronic_receipts_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "electronic_receipts_status_check" CHECK ("electronic_receipts"."status" IN ('PENDING', 'ISSUED', 'REJECTED', 'FAILED')),
	CONSTRAINT "electronic_receipts_kind_check" CHECK ("electronic_receipts"."kind" IN ('BOLETA', 'FACTURA', 'CREDIT_NOTE'))
);
--> statement-breakpoint
CREATE TABLE "receipt_series" (
	"app_id" uuid NOT NULL,
	"place_uid" uuid NOT NULL,
	"establishment" integer NOT NULL,
	"boleta_last" integer DEFAULT 0 NOT NULL,
	"factura_last" integer DEFAULT 0 NOT NULL,
	"boleta_credit_last" integer DEFAULT 0 NOT NULL,
	"factura_credit_last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_series_app_id_place_uid_pk" PRIMARY KEY("app_id","place_uid")
);
--> statement-breakpoint
ALTER TABLE "company_tax_rules" ADD COLUMN "receipt_issue_on" text DEFAULT 'PAYMENT' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "electronic_receipts_number_key" ON "electronic_receipts" USING btree ("app_id","serie","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "electronic_receipts_order_key" ON "electronic_receipts" USING btree ("app_id","order_uid") WHERE kind <> 'CREDIT_NOTE';--> statement-breakpoint
CREATE UNIQUE INDEX "electronic_receipts_refund_key" ON "electronic_receipts" USING btree ("app_id","refund_uid") WHERE refund_uid IS NOT NULL;--> statement-breakpoint
CREATE INDEX "electronic_receipts_due_idx" ON "electronic_receipts" USING btree ("next_attempt_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_series_establishment_key" ON "receipt_series" USING btree ("app_id","establishment");