CREATE TABLE "loyalty_ledger" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"program_uid" uuid NOT NULL,
	"user_uid" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_ledger_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "loyalty_ledger_currency_check" CHECK ("loyalty_ledger"."currency" IN ('POINTS', 'COINS', 'STAMPS')),
	CONSTRAINT "loyalty_ledger_kind_check" CHECK ("loyalty_ledger"."kind" IN ('earn', 'spend', 'expire', 'reverse')),
	CONSTRAINT "loyalty_ledger_amount_check" CHECK ("loyalty_ledger"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "program_members" (
	"app_id" uuid NOT NULL,
	"program_uid" uuid NOT NULL,
	"user_uid" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_members_app_id_program_uid_user_uid_pk" PRIMARY KEY("app_id","program_uid","user_uid")
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"points_enabled" boolean DEFAULT true NOT NULL,
	"coins_enabled" boolean DEFAULT false NOT NULL,
	"stamps_enabled" boolean DEFAULT false NOT NULL,
	"add_points_enabled" boolean DEFAULT false NOT NULL,
	"levels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"open_to_join" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "programs_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE TABLE "promotion_places" (
	"app_id" uuid NOT NULL,
	"promotion_uid" uuid NOT NULL,
	"place_uid" uuid NOT NULL,
	CONSTRAINT "promotion_places_app_id_promotion_uid_place_uid_pk" PRIMARY KEY("app_id","promotion_uid","place_uid")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"program_uid" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"kind" text NOT NULL,
	"rate_discount_bp" integer,
	"fixed_discount_cents" integer,
	"special_price_cents" integer,
	"gift_card_amount_cents" integer,
	"stamps_required" integer,
	"coin_price" integer DEFAULT 0 NOT NULL,
	"stock_total" integer,
	"stock_taken" integer DEFAULT 0 NOT NULL,
	"limit_per_member" integer,
	"max_amount_cents" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promotions_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" IN ('DISCOUNT_RATE', 'FIXED_DISCOUNT', 'GIFT', 'SPECIAL_PRICE', 'GIFT_CARD', 'STAMPS')),
	CONSTRAINT "promotions_stock_check" CHECK ("promotions"."stock_total" IS NULL OR "promotions"."stock_taken" <= "promotions"."stock_total"),
	CONSTRAINT "promotions_coin_price_check" CHECK ("promotions"."coin_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"program_uid" uuid NOT NULL,
	"promotion_uid" uuid NOT NULL,
	"user_uid" uuid NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer,
	"coins_spent" integer DEFAULT 0 NOT NULL,
	"stamps_spent" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "redemptions_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "redemptions_status_check" CHECK ("redemptions"."status" IN ('ACTIVE', 'USED', 'CANCELLED'))
);
--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_app_id_program_uid_user_uid_program_members_app_id_program_uid_user_uid_fk" FOREIGN KEY ("app_id","program_uid","user_uid") REFERENCES "public"."program_members"("app_id","program_uid","user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_members" ADD CONSTRAINT "program_members_app_id_program_uid_programs_app_id_uid_fk" FOREIGN KEY ("app_id","program_uid") REFERENCES "public"."programs"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_members" ADD CONSTRAINT "program_members_app_id_user_uid_users_app_id_uid_fk" FOREIGN KEY ("app_id","user_uid") REFERENCES "public"."users"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_places" ADD CONSTRAINT "promotion_places_app_id_promotion_uid_promotions_app_id_uid_fk" FOREIGN KEY ("app_id","promotion_uid") REFERENCES "public"."promotions"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_places" ADD CONSTRAINT "promotion_places_app_id_place_uid_places_app_id_uid_fk" FOREIGN KEY ("app_id","place_uid") REFERENCES "public"."places"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_app_id_program_uid_programs_app_id_uid_fk" FOREIGN KEY ("app_id","program_uid") REFERENCES "public"."programs"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_app_id_promotion_uid_promotions_app_id_uid_fk" FOREIGN KEY ("app_id","promotion_uid") REFERENCES "public"."promotions"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_app_id_program_uid_user_uid_program_members_app_id_program_uid_user_uid_fk" FOREIGN KEY ("app_id","program_uid","user_uid") REFERENCES "public"."program_members"("app_id","program_uid","user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_ledger_member_idx" ON "loyalty_ledger" USING btree ("app_id","program_uid","user_uid","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_reference_idx" ON "loyalty_ledger" USING btree ("app_id","reference");--> statement-breakpoint
CREATE INDEX "program_members_user_idx" ON "program_members" USING btree ("app_id","user_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "programs_app_key_key" ON "programs" USING btree ("app_id","key");--> statement-breakpoint
CREATE INDEX "promotions_program_idx" ON "promotions" USING btree ("app_id","program_uid","position");--> statement-breakpoint
CREATE INDEX "redemptions_member_idx" ON "redemptions" USING btree ("app_id","program_uid","user_uid","created_at");--> statement-breakpoint
CREATE INDEX "redemptions_promotion_member_idx" ON "redemptions" USING btree ("app_id","promotion_uid","user_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_app_code_key" ON "redemptions" USING btree ("app_id","code");