ALTER TABLE "payment_methods" DROP CONSTRAINT "payment_methods_type_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "receipt_preference" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_request" jsonb;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_type_check" CHECK ("payment_methods"."type" IN ('CASH', 'CARD_ON_DELIVERY', 'ONLINE_CARD', 'YAPE', 'COINS'));