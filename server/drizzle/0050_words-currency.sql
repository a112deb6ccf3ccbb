ALTER TABLE "companies" ALTER COLUMN "currency_symbol" SET DEFAULT 'S/';--> statement-breakpoint
-- Peru's sol is written "S/" (issue 36): companies stored with the old "S/." say it too.
UPDATE "companies" SET "currency_symbol" = 'S/' WHERE "currency_symbol" = 'S/.';
