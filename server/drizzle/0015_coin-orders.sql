ALTER TABLE "payment_methods" DROP CONSTRAINT "payment_methods_type_check";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "coin_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coin_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_type_check" CHECK ("payment_methods"."type" IN ('CASH', 'CARD_ON_DELIVERY', 'ONLINE_CARD', 'COINS'));