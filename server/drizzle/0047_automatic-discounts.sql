CREATE TABLE "discount_rules" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"product_uids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_uids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"value" integer NOT NULL,
	"buy_quantity" integer,
	"pay_quantity" integer,
	"min_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"place_uids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_minute" integer,
	"end_minute" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"member_levels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stackable_with_coupons" boolean DEFAULT false NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_rules_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "discount_rules_kind_check" CHECK ("discount_rules"."kind" IN ('PERCENT', 'AMOUNT', 'BUY_X_PAY_Y', 'COMBO_PRICE')),
	CONSTRAINT "discount_rules_target_check" CHECK ("discount_rules"."target" IN ('ORDER', 'PRODUCTS', 'CATEGORIES')),
	CONSTRAINT "discount_rules_uses_check" CHECK ("discount_rules"."uses" >= 0 AND ("discount_rules"."max_uses" IS NULL OR "discount_rules"."uses" <= "discount_rules"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_rules" ADD CONSTRAINT "discount_rules_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_rules_company_idx" ON "discount_rules" USING btree ("app_id","company_uid","is_active");