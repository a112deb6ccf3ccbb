CREATE TABLE "option_groups" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"product_uid" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"minimum_to_select" integer DEFAULT 0 NOT NULL,
	"maximum_to_select" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "option_groups_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE TABLE "options" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"group_uid" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "options_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE TABLE "place_products" (
	"app_id" uuid NOT NULL,
	"place_uid" uuid NOT NULL,
	"product_uid" uuid NOT NULL,
	"stock" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "place_products_app_id_place_uid_product_uid_pk" PRIMARY KEY("app_id","place_uid","product_uid")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"key" text NOT NULL,
	"company_uid" uuid NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"color" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"app_id" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"company_uid" uuid NOT NULL,
	"category_uid" uuid,
	"title" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"image_reverse" text,
	"unit_price_cents" integer NOT NULL,
	"coin_price" integer,
	"brand" text,
	"sku" text,
	"direct_purchase" boolean DEFAULT false NOT NULL,
	"is_redeemable" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"search_title" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('spanish', search_title), 'A') || setweight(to_tsvector('spanish', search_text), 'B')) STORED,
	CONSTRAINT "products_app_id_uid_pk" PRIMARY KEY("app_id","uid")
);
--> statement-breakpoint
CREATE TABLE "shopping_carts" (
	"app_id" uuid NOT NULL,
	"user_uid" uuid NOT NULL,
	"place_uid" uuid NOT NULL,
	"lines" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopping_carts_app_id_user_uid_place_uid_pk" PRIMARY KEY("app_id","user_uid","place_uid")
);
--> statement-breakpoint
ALTER TABLE "option_groups" ADD CONSTRAINT "option_groups_app_id_product_uid_products_app_id_uid_fk" FOREIGN KEY ("app_id","product_uid") REFERENCES "public"."products"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_app_id_group_uid_option_groups_app_id_uid_fk" FOREIGN KEY ("app_id","group_uid") REFERENCES "public"."option_groups"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_products" ADD CONSTRAINT "place_products_app_id_place_uid_places_app_id_uid_fk" FOREIGN KEY ("app_id","place_uid") REFERENCES "public"."places"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_products" ADD CONSTRAINT "place_products_app_id_product_uid_products_app_id_uid_fk" FOREIGN KEY ("app_id","product_uid") REFERENCES "public"."products"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_app_id_apps_uid_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_app_id_apps_uid_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_app_id_company_uid_companies_app_id_uid_fk" FOREIGN KEY ("app_id","company_uid") REFERENCES "public"."companies"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_app_id_category_uid_product_categories_app_id_uid_fk" FOREIGN KEY ("app_id","category_uid") REFERENCES "public"."product_categories"("app_id","uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_carts" ADD CONSTRAINT "shopping_carts_app_id_user_uid_users_app_id_uid_fk" FOREIGN KEY ("app_id","user_uid") REFERENCES "public"."users"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_carts" ADD CONSTRAINT "shopping_carts_app_id_place_uid_places_app_id_uid_fk" FOREIGN KEY ("app_id","place_uid") REFERENCES "public"."places"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "option_groups_product_idx" ON "option_groups" USING btree ("app_id","product_uid");--> statement-breakpoint
CREATE INDEX "options_group_idx" ON "options" USING btree ("app_id","group_uid");--> statement-breakpoint
CREATE INDEX "place_products_product_idx" ON "place_products" USING btree ("app_id","product_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_app_key_key" ON "product_categories" USING btree ("app_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "products_app_key_key" ON "products" USING btree ("app_id","key");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_company_idx" ON "products" USING btree ("app_id","company_uid","position");