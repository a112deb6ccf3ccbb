CREATE TABLE "raffle_draws" (
	"app_id" uuid NOT NULL,
	"raffle_uid" uuid NOT NULL,
	"algorithm" text NOT NULL,
	"seed" text NOT NULL,
	"entries" jsonb NOT NULL,
	"entries_hash" text NOT NULL,
	"winners" jsonb NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL,
	"drawn_by_uid" uuid,
	CONSTRAINT "raffle_draws_app_id_raffle_uid_pk" PRIMARY KEY("app_id","raffle_uid")
);
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "winners_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "raffle_draws" ADD CONSTRAINT "raffle_draws_app_id_raffle_uid_raffles_app_id_uid_fk" FOREIGN KEY ("app_id","raffle_uid") REFERENCES "public"."raffles"("app_id","uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_winners_count_check" CHECK ("raffles"."winners_count" BETWEEN 1 AND 100);