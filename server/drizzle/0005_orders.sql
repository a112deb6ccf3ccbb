CREATE TABLE "company_tax_rules" (
	"app_id" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"name" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	CONSTRAINT "company_tax_rules_app_id_company_uid_pk" PRIMARY KEY("app_id","company_uid")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"key" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_member" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "coupons_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "coupons_kind_check" CHECK ("coupons"."kind" IN ('PERCENT', 'AMOUNT')),
	CONSTRAINT "coupons_uses_check" CHECK ("coupons"."uses" >= 0 AND ("coupons"."max_uses" IS NULL OR "coupons"."uses" <= "coupons"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"app_id" uuid NOT NULL,
	"order_uid" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_uid" uuid NOT NULL,
	"title" text NOT NULL,
	"image" text,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"options_price_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"options" jsonb NOT NULL,
	CONSTRAINT "order_lines_app_id_order_uid_position_pk" PRIMARY KEY("app_id","order_uid","position"),
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_uid" uuid,
	"idempotency_key" text,
	"place_uid" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"shipping_type" text NOT NULL,
	"pickup_date" date,
	"pickup_start" text,
	"pickup_end" text,
	"area_uid" uuid,
	"district" text,
	"address" text,
	"reference" text,
	"latitude" double precision,
	"longitude" double precision,
	"distance_meters" integer,
	"comments" text DEFAULT '' NOT NULL,
	"payment_method_uid" uuid NOT NULL,
	"payment_status" text NOT NULL,
	"payment_provider" text,
	"payment_reference" text,
	"card_last4" text,
	"coupon_uid" uuid,
	"coupon_code" text,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"delivery_cents" integer NOT NULL,
	"taxes_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"tax_name" text NOT NULL,
	"tax_rate_basis_points" integer NOT NULL,
	"billing" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "orders_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" IN ('RECEIVED', 'ACCEPTED', 'SHIPPED', 'DELIVERED', 'CANCELED_BY_PLACE', 'CANCELED_BY_USER')),
	CONSTRAINT "orders_shipping_type_check" CHECK ("orders"."shipping_type" IN ('delivery', 'pickup')),
	CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" IN ('PAY_ON_DELIVERY', 'PENDING', 'PAID', 'REFUNDED')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."subtotal_cents" >= 0 AND "orders"."discount_cents" >= 0 AND "orders"."delivery_cents" >= 0 AND "orders"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"company_uid" uuid NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"provider" text,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payment_methods_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "payment_methods_type_check" CHECK ("payment_methods"."type" IN ('CASH', 'CARD_ON_DELIVERY', 'ONLINE_CARD'))
);
--> statement-breakpoint
CREATE TABLE "place_delivery_settings" (
	"app_id" uuid NOT NULL,
	"place_uid" uuid NOT NULL,
	"enabled" boolean NOT NULL,
	"base_fare_cents" integer NOT NULL,
	"per_km_cents" integer NOT NULL,
	"max_radius_meters" integer NOT NULL,
	CONSTRAINT "place_delivery_settings_app_id_place_uid_pk" PRIMARY KEY("app_id","place_uid")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"user_uid" uuid NOT NULL,
	"place_uid" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"weekdays" jsonb NOT NULL,
	"slot_start" text NOT NULL,
	"slot_end" text NOT NULL,
	"shipping_type" text NOT NULL,
	"area_uid" uuid,
	"district" text,
	"address" text,
	"reference" text,
	"latitude" double precision,
	"longitude" double precision,
	"payment_method_uid" uuid NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"delivery_cents" integer NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "subscriptions_app_id_uid_pk" PRIMARY KEY("app_id","uid"),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" IN ('active', 'canceled_by_user'))
);
--> statement-breakpoint
ALTER TABLE "company_tax_rules" ADD CONSTRAINT "company_tax_rules_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_app_id_order_uid_orders_app_id_uid_fk" FOREIGN KEY ("app_id","order_uid") REFERENCES "public"."orders"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_app_id_product_uid_products_app_id_uid_fk" FOREIGN KEY ("app_id","product_uid") REFERENCES "public"."products"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_app_id_place_uid_places_app_id_uid_fk" FOREIGN KEY ("app_id","place_uid") REFERENCES "public"."places"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_app_id_payment_method_uid_payment_methods_app_id_uid_fk" FOREIGN KEY ("app_id","payment_method_uid") REFERENCES "public"."payment_methods"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_app_id_coupon_uid_coupons_app_id_uid_fk" FOREIGN KEY ("app_id","coupon_uid") REFERENCES "public"."coupons"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_app_id_area_uid_areas_app_id_uid_fk" FOREIGN KEY ("app_id","area_uid") REFERENCES "public"."areas"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_delivery_settings" ADD CONSTRAINT "place_delivery_settings_app_id_place_uid_places_app_id_uid_fk" FOREIGN KEY ("app_id","place_uid") REFERENCES "public"."places"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_app_id_user_uid_users_app_id_uid_fk" FOREIGN KEY ("app_id","user_uid") REFERENCES "public"."users"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_app_id_place_uid_places_app_id_uid_fk" FOREIGN KEY ("app_id","place_uid") REFERENCES "public"."places"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_app_id_payment_method_uid_payment_methods_app_id_uid_fk" FOREIGN KEY ("app_id","payment_method_uid") REFERENCES "public"."payment_methods"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_app_id_area_uid_areas_app_id_uid_fk" FOREIGN KEY ("app_id","area_uid") REFERENCES "public"."areas"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_company_code_key" ON "coupons" USING btree ("app_id","company_uid","code");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("app_id","user_uid","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("app_id","user_uid","created_at");--> statement-breakpoint
CREATE INDEX "orders_place_idx" ON "orders" USING btree ("app_id","place_uid","created_at");--> statement-breakpoint
CREATE INDEX "payment_methods_company_idx" ON "payment_methods" USING btree ("app_id","company_uid","position");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("app_id","user_uid","created_at");